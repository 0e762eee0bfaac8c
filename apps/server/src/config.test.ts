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

  it("names every invalid variable in one message", () => {
    expect(() => loadConfig({ PORT: "eighty", RUN_WORKERS: "maybe" })).toThrow(/PORT: .*; RUN_WORKERS: /);
  });

  it("reads boolean flags", () => {
    expect(loadConfig({ RUN_WORKERS: "false", TRUST_PROXY: "1" })).toMatchObject({
      RUN_WORKERS: false,
      TRUST_PROXY: true,
    });
  });
});
