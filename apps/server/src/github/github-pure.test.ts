// The pure parts of the GitHub App: URLs, the manifest, signed states and webhook signatures.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "../secrets/secret-box.ts";
import { APP_EVENTS, APP_PERMISSIONS, appManifest, defaultAppName } from "./app-manifest.ts";
import { lastPageOf } from "./github-host.ts";
import { cloneUrlOf, webUrlOf } from "./github-urls.ts";
import { createSignedStates } from "./signed-state.ts";
import { isValidSignature, signatureOf } from "./webhook-signature.ts";

describe("webUrlOf", () => {
  it.each([
    ["https://api.github.com", "https://github.com"],
    ["https://api.github.com/", "https://github.com"],
    ["https://ghe.example.com/api/v3", "https://ghe.example.com"],
    ["https://example.com/ghe/api/v3/", "https://example.com/ghe"],
    ["http://127.0.0.1:4567", "http://127.0.0.1:4567"],
  ])("%s → %s", (api, web) => expect(webUrlOf(api)).toBe(web));

  it("builds clone URLs only from repository names", () => {
    expect(cloneUrlOf("https://github.com", "acme/api")).toBe("https://github.com/acme/api.git");
    expect(() => cloneUrlOf("https://github.com", "../etc/passwd")).toThrow();
  });
});

describe("appManifest", () => {
  it("asks for exactly the listed permissions and events, with the routes under PUBLIC_URL", () => {
    const manifest = appManifest({ publicUrl: "https://rampart.example.com/" });
    expect(manifest.default_permissions).toEqual({
      metadata: "read",
      contents: "write",
      pull_requests: "write",
      checks: "write",
      administration: "read",
      organization_administration: "read",
    });
    expect(manifest.default_events).toEqual(["pull_request", "push", "check_run", "check_suite"]);
    expect(manifest.hook_attributes.url).toBe("https://rampart.example.com/api/github/webhooks");
    expect(manifest.redirect_url).toBe("https://rampart.example.com/api/github/app/manifest/callback");
    expect(manifest.setup_url).toBe("https://rampart.example.com/api/github/setup");
    expect(manifest.callback_urls).toEqual(["https://rampart.example.com/api/github/setup"]);
    expect(manifest.request_oauth_on_install).toBe(true);
    for (const row of [...APP_PERMISSIONS, ...APP_EVENTS]) expect(row.reason.length).toBeGreaterThan(10);
  });

  it("keeps names within GitHub's 34 characters", () => {
    expect(defaultAppName("https://a-very-long-host-name.security.example.com").length).toBeLessThanOrEqual(
      34,
    );
  });
});

describe("signed states", () => {
  const box = createSecretBox(randomBytes(32));
  let clock = new Date("2026-01-01T00:00:00Z");
  const states = createSignedStates(box, { ttlSeconds: 600, now: () => clock });

  it("opens for its purpose and user until it expires", () => {
    const state = states.issue("install", { userId: "u1", tenantId: "t1" });
    expect(state).toMatch(/^[\w-]+$/); // travels in a URL as is
    expect(states.open("install", state, "u1")).toMatchObject({ ok: true, claims: { tenantId: "t1" } });
    expect(states.open("install", state, "u2")).toEqual({ ok: false, problem: "another user" });
    expect(states.open("create-app", state, "u1")).toEqual({ ok: false, problem: "invalid" });
    clock = new Date(clock.getTime() + 601_000);
    expect(states.open("install", state, "u1")).toEqual({ ok: false, problem: "expired" });
  });

  it("refuses a tampered or foreign state", () => {
    const state = states.issue("install", { userId: "u1", tenantId: "t1" });
    const tampered = `${state.slice(0, -4)}AAAA`;
    expect(states.open("install", tampered, "u1")).toEqual({ ok: false, problem: "invalid" });
    expect(states.open("install", "Acme Corp", "u1")).toEqual({ ok: false, problem: "invalid" });
    const other = createSignedStates(createSecretBox(randomBytes(32)), { ttlSeconds: 600 });
    expect(states.open("install", other.issue("install", { userId: "u1" }), "u1").ok).toBe(false);
  });
});

describe("webhook signatures", () => {
  const body = Buffer.from('{"action":"opened"}');
  it("accepts GitHub's signature of the raw body and nothing else", () => {
    const good = signatureOf("s3cret-s3cret-s3cret", body);
    expect(isValidSignature("s3cret-s3cret-s3cret", body, good)).toBe(true);
    expect(isValidSignature("another-secret-value", body, good)).toBe(false);
    expect(isValidSignature("s3cret-s3cret-s3cret", Buffer.from('{"action":"closed"}'), good)).toBe(false);
    expect(isValidSignature("s3cret-s3cret-s3cret", body, undefined)).toBe(false);
    expect(isValidSignature("s3cret-s3cret-s3cret", body, "sha1=abc")).toBe(false);
    expect(isValidSignature("s3cret-s3cret-s3cret", body, good.toUpperCase())).toBe(false);
  });
});

describe("lastPageOf", () => {
  it("reads the last page's number from GitHub's Link header", () => {
    const link =
      '<https://api.github.com/repositories/1/pulls?state=open&per_page=1&page=2>; rel="next", ' +
      '<https://api.github.com/repositories/1/pulls?state=open&per_page=1&page=37>; rel="last"';
    expect(lastPageOf(link)).toBe(37);
  });

  it("has no answer without a last page (all on one page) or without a header", () => {
    expect(lastPageOf('<https://api.github.com/x?page=1>; rel="prev"')).toBeUndefined();
    expect(lastPageOf(undefined)).toBeUndefined();
    expect(lastPageOf('<https://api.github.com/x?per_page=1&page=x>; rel="last"')).toBeUndefined();
  });
});
