import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_TOKEN_PATTERN } from "@rampart/contracts/api-tokens";
import { scan } from "@rampart/engine/scan";
import { describe, expect, it } from "vitest";
import { bearerTokenOf, hintOf, isTokenSecret, newTokenSecret, tokenHashOf } from "./token-secret.ts";

describe("API token secrets", () => {
  it("are rmp_ and 43 base62 characters, different every time", () => {
    const secrets = Array.from({ length: 200 }, newTokenSecret);
    for (const secret of secrets) expect(secret).toMatch(API_TOKEN_PATTERN);
    expect(new Set(secrets).size).toBe(200);
    // Every base62 digit turns up: the alphabet is used whole.
    const seen = new Set(secrets.flatMap((secret) => [...secret.slice(4)]));
    expect(seen.size).toBe(62);
  });

  it("are stored as their SHA-256 and listed by a short hint", () => {
    const secret = newTokenSecret();
    expect(tokenHashOf(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHashOf(secret)).not.toContain(secret.slice(4));
    expect(hintOf(secret)).toBe(`${secret.slice(0, 10)}…`);
    expect(isTokenSecret(secret)).toBe(true);
    expect(isTokenSecret(`${secret}x`)).toBe(false);
    expect(isTokenSecret(secret.replace("rmp_", "rmx_"))).toBe(false);
  });

  it("are read from a Bearer authorization header only", () => {
    expect(bearerTokenOf("Bearer rmp_abc")).toBe("rmp_abc");
    expect(bearerTokenOf("bearer  rmp_abc ")).toBe("rmp_abc");
    expect(bearerTokenOf("Basic dXNlcjpwYXNz")).toBeUndefined();
    expect(bearerTokenOf("Bearer")).toBeUndefined();
    expect(bearerTokenOf("Bearer a b")).toBeUndefined();
    expect(bearerTokenOf(undefined)).toBeUndefined();
  });
});

describe("a leaked API token", () => {
  it("is found by Rampart's own secrets analyzer", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "rampart-leak-"));
    try {
      writeFileSync(path.join(root, "ci.env"), `RAMPART_TOKEN=${newTokenSecret()}\n`);
      const result = await scan(root, { workers: 0 });
      expect(result.findings.map((finding) => finding.ruleId)).toEqual(["secrets/rampart-api-token"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
