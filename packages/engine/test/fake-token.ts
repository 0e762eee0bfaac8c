// Fake credentials for tests: random each run (no fixed value to push-protect or to match by
// accident), and checked against the secrets rules so an allowlist never eats them.
import { randomInt } from "node:crypto";
import { scanText } from "../src/analyzers/secrets/scan-text.ts";

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `ghp_` and 36 random base62 characters that `secrets/github-personal-access-token` reports. */
export function fakeGithubToken(): string {
  for (;;) {
    let token = "ghp_";
    for (let index = 0; index < 36; index++) token += BASE62[randomInt(BASE62.length)];
    if (scanText("ci.env", `GITHUB_TOKEN=${token}\n`).length === 1) return token;
  }
}
