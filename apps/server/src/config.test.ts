import { describe, expect, it } from "vitest";
import { databaseTarget, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to PGlite in ./data on port 3000", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(databaseTarget(config)).toEqual({
      kind: "pglite",
      dataDir: "./data",
      applicationRole: "rampart_app",
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/rampart" });
    expect(databaseTarget(config)).toEqual({
      kind: "postgres",
      url: "postgres://u@db:5432/rampart",
      applicationRole: "rampart_app",
    });
  });

  it("takes the application role's name from DATABASE_APP_ROLE, and refuses one that is not a plain name", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/rampart", DATABASE_APP_ROLE: "app_ro" });
    expect(databaseTarget(config)).toMatchObject({ applicationRole: "app_ro" });
    expect(() => loadConfig({ DATABASE_APP_ROLE: 'x"; drop table tenants; --' })).toThrow(
      /DATABASE_APP_ROLE/,
    );
  });

  it("passes DATABASE_APP_URL on as the application's own login, and refuses it without DATABASE_URL", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://owner@db:5432/rampart",
      DATABASE_APP_URL: "postgres://rampart_app:secret@db:5432/rampart",
    });
    expect(databaseTarget(config)).toMatchObject({
      kind: "postgres",
      applicationUrl: "postgres://rampart_app:secret@db:5432/rampart",
    });
    expect(() => loadConfig({ DATABASE_APP_URL: "postgres://rampart_app@db:5432/rampart" })).toThrow(
      /DATABASE_APP_URL: needs DATABASE_URL/,
    );
  });

  it("names every invalid variable in one message", () => {
    expect(() => loadConfig({ PORT: "eighty", RUN_WORKERS: "maybe" })).toThrow(/PORT: .*; RUN_WORKERS: /);
  });

  it("runs as production unless NODE_ENV says otherwise: `npm start` is how Rampart runs", () => {
    expect(loadConfig({}).NODE_ENV).toBe("production");
    expect(loadConfig({ NODE_ENV: "development" }).NODE_ENV).toBe("development");
  });

  it("reads boolean flags", () => {
    expect(loadConfig({ RUN_WORKERS: "false" })).toMatchObject({ RUN_WORKERS: false });
  });

  it("reads TRUST_PROXY as a number of proxy hops, true meaning one", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8" })).toThrow(
      /TRUST_PROXY: must be true, false or a number/,
    );
  });

  it("reads the repository fetch policy and limits", () => {
    expect(loadConfig({})).toMatchObject({
      GIT_PROTOCOLS: ["https", "ssh"],
      GIT_ALLOWED_INTERNAL_HOSTS: [],
      SCAN_SCHEDULE_MIN_MINUTES: 15,
    });
    expect(
      loadConfig({ GIT_PROTOCOLS: "https, git", GIT_ALLOWED_INTERNAL_HOSTS: "git.corp, 10.0.0.0/8,::1" }),
    ).toMatchObject({
      GIT_PROTOCOLS: ["https", "git"],
      GIT_ALLOWED_INTERNAL_HOSTS: ["git.corp", "10.0.0.0/8", "::1"],
    });
    expect(() => loadConfig({ GIT_PROTOCOLS: "https,ftp" })).toThrow(/GIT_PROTOCOLS/);
    expect(() => loadConfig({ GIT_ALLOWED_INTERNAL_HOSTS: "10.0.0.0/99" })).toThrow(
      /GIT_ALLOWED_INTERNAL_HOSTS/,
    );
    expect(() => loadConfig({ SECRETS_KEY: "short" })).toThrow(/SECRETS_KEY/);
  });

  it("takes the GitHub App's variables together or not at all", () => {
    const key = "-----BEGIN RSA PRIVATE KEY-----\\nMIIB\\n-----END RSA PRIVATE KEY-----";
    const app = { GITHUB_APP_ID: "42", GITHUB_APP_PRIVATE_KEY: key, GITHUB_WEBHOOK_SECRET: "a".repeat(20) };
    const config = loadConfig({
      ...app,
      GITHUB_URL: "https://ghe.example.com/api/v3/",
      INSTANCE_ADMINS: " Ops@X.io ,b@y.io",
    });
    expect(config).toMatchObject({ GITHUB_APP_ID: 42, GITHUB_URL: "https://ghe.example.com/api/v3" });
    expect(config.GITHUB_APP_PRIVATE_KEY).toBe(
      "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
    );
    expect(config.INSTANCE_ADMINS).toEqual(["ops@x.io", "b@y.io"]);
    expect(loadConfig({}).GITHUB_URL).toBe("https://api.github.com");
    expect(() => loadConfig({ GITHUB_APP_ID: "42" })).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...app, GITHUB_CLIENT_ID: "Iv1.x" })).toThrow(/GITHUB_CLIENT_SECRET/);
    expect(() => loadConfig({ ...app, GITHUB_APP_PRIVATE_KEY: "not a key" })).toThrow(
      /GITHUB_APP_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...app, GITHUB_WEBHOOK_SECRET: "short" })).toThrow(/GITHUB_WEBHOOK_SECRET/);
  });
});
