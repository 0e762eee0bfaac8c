// Properties of the secrets analyzer that fixtures cannot show: the parser never throws, the
// prefilter never hides a rule from a file its pattern would match, and no output carries a secret.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SourceFile } from "../../source.ts";
import { hashLikeReason, isLockfile, isMinified, isTestPath, placeholderReason } from "./allowlist.ts";
import { catalogue } from "./catalogue/index.ts";
import { GENERIC_ASSIGNMENT } from "./generic-shapes.ts";
import { parseSecrets, prefilter } from "./model.ts";
import { scanText } from "./scan-text.ts";
import { maskSecret, shannonEntropy } from "./text-measures.ts";
import { fill } from "./tools/generate-fixtures.ts";

const fixturesDir = join(import.meta.dirname, "fixtures");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const seeded = (() => {
  let state = 7;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
})();

describe("parseSecrets", () => {
  it("never throws and always parses, whatever the text", () => {
    const keywordish = fc.constantFrom(
      ...catalogue.flatMap((entry) => entry.keywords),
      "password=",
      "-----BEGIN RSA PRIVATE KEY-----\n",
      "eyJ",
      "://u:",
      "\\n",
    );
    const text = fc.array(fc.oneof(fc.string(), keywordish, fc.string({ unit: "binary" })), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.constantFrom("a.env", "x/test/a.ts", "yarn.lock", "a.min.js"), text, (path, parts) => {
        const result = parseSecrets(new SourceFile(path, parts.join("")));
        expect(result.ok).toBe(true);
      }),
      { numRuns: 300 },
    );
    // ~6 s under vitest on a loaded 2-core machine (0.2 s of parsing outside it): not a hang.
  }, 60_000);

  it("skips lockfiles entirely", () => {
    const result = parseSecrets(new SourceFile("web/package-lock.json", 'password = "Xk9#mQ2$vL7pR4"'));
    expect(result.ok && result.model.candidates).toEqual([]);
  });
});

describe("catalogue", () => {
  it("has at least 150 provider rules with unique ids and lower-case keywords", () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(150);
    expect(new Set(catalogue.map((entry) => entry.id)).size).toBe(catalogue.length);
    for (const entry of catalogue) {
      expect(entry.id).toMatch(/^secrets\/[a-z0-9]+(?:-[a-z0-9]+)*$/);
      for (const keyword of entry.keywords) expect(keyword).toMatch(/^[\x20-\x40\x5b-\x7e]+$/); // printable ASCII, lower case: the prefilter ignores ASCII case only
      expect(entry.pattern).not.toMatch(/\(\?[imsx]+[):]/); // gitleaks' inline flags are not V8 syntax
    }
  });

  it("the prefilter selects every rule on its own samples (keywords are sound)", () => {
    for (const entry of catalogue) {
      for (const template of entry.samples.flag) {
        const text = fill(template, seeded).replace(/\{@\}/g, "");
        const selected = prefilter(text).patterns.map((pattern) => pattern.entry.id);
        expect(selected, `${entry.id} on ${maskSecret(text)}`).toContain(entry.id);
        // A `near` rule's word sits around the match, not in it: the word is the keyword.
        if (entry.near) {
          expect(entry.keywords, `${entry.id}: its near word is its keyword`).toContain(entry.near.word);
          continue;
        }
        const regex = new RegExp(entry.pattern, `g${entry.flags ?? ""}`);
        for (const match of text.matchAll(regex)) {
          const lower = match[0].toLowerCase();
          expect(
            entry.keywords.some((keyword) => lower.includes(keyword)),
            `${entry.id}: a match must contain one of its keywords`,
          ).toBe(true);
        }
      }
    }
  });
});

describe("no secret in any output", () => {
  it("messages carry a masked preview and a SHA-256, never the value", () => {
    let checked = 0;
    for (const full of filesUnder(fixturesDir)) {
      if (full.endsWith(".expect")) continue;
      const path = full.slice(fixturesDir.length + 1);
      const text = readFileSync(full, "utf8");
      const parsed = parseSecrets(new SourceFile(path, text));
      if (!parsed.ok) continue;
      const values = parsed.model.candidates
        .filter((candidate) => !candidate.allowlisted)
        .map((candidate) => candidate.value)
        .filter((value) => value.length >= 8);
      for (const match of scanText(path, text)) {
        checked++;
        expect(match.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(match.message).toContain("…(");
        for (const value of values) expect(match.message.includes(value)).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(250);
  });

  it("masks short values harder than long ones", () => {
    expect(maskSecret("ghp_abcdefghijklmnopqrstuvwxyz0123456789")).toBe("ghp_…(40 chars)");
    expect(maskSecret("hunter22")).toBe("hu…(8 chars)");
    expect(maskSecret("abc")).toBe("…(3 chars)");
  });
});

describe("scanText (for history scanners)", () => {
  it("finds, positions and masks a secret in one blob", () => {
    const token = `ghp_${"Zr4nB8qLw2Xv6Tc0Ym3Kd7Hs1Pf9Ja5Ge2Qx"}`;
    const matches = scanText("ci.env", `# ci\nGITHUB_TOKEN=${token}\n`);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({
      ruleId: "secrets/github-personal-access-token",
      line: 2,
      column: 14,
      severity: "critical",
    });
    expect(matches[0]!.message).not.toContain(token);
  });
});

describe("allowlists", () => {
  it.each([
    ["AKIAIOSFODNN7EXAMPLE", "documented example key"],
    ["changeme", 'placeholder ("changeme")'],
    [`\${DB_HOST_URL}`, "reference to a variable or secret store"],
    ["{{ .Values.db.url }}", "reference to a variable or secret store"],
    ["%(db_url)s", "reference to a variable or secret store"],
    ["123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", "run of sequential characters"],
    ["somepassword", 'placeholder ("password")'],
    ["<token>", 'placeholder ("token")'],
    ["ghs_InstallationOrActionToken0000", 'placeholder ("token")'],
    ["os.environ['X']", "reference to a variable or secret store"],
    ["process.env.API_KEY", "reference to a variable or secret store"],
    ["********", 'placeholder ("****")'],
    ["aaaaaaaaaaaa", "one repeated character"],
    ["abcdefghijk", "sequential characters"],
    ["0123456789", "sequential characters"],
  ])("%s is not a secret", (value, reason) => {
    expect(placeholderReason(value)).toBe(reason);
  });

  it.each(["Xk9#mQ2$vL7pR4", "q8Zt3LwR0vNc5YbK1sMf7HdJ", "Tr0ub4dor&3xQ"])("%s may be a secret", (value) => {
    expect(placeholderReason(value)).toBeUndefined();
  });

  it("recognises hashes and ids next to secret names", () => {
    expect(hashLikeReason("sha512-abc+/def==", "token")).toBe("subresource-integrity hash");
    expect(hashLikeReason("3f2b9c1e-8a7d-4e6f-9b0c-1d2e3f4a5b6c", "install_token")).toBe("UUID");
    expect(hashLikeReason("e83c5163316f89bfbde7d9ab23ca2e25604af290", "commit_sha")).toBe(
      "hash named as such",
    );
    expect(hashLikeReason("e83c5163316f89bfbde7d9ab23ca2e25604af290", "api_secret")).toBeUndefined();
  });

  it("classifies paths", () => {
    expect(isLockfile("a/b/pnpm-lock.yaml")).toBe(true);
    expect(isLockfile("Cargo.lock")).toBe(true);
    expect(isTestPath("src/__tests__/a.ts")).toBe(true);
    expect(isTestPath("pkg/testdata/x.json")).toBe(true);
    expect(isTestPath("src/login.test.ts")).toBe(true);
    expect(isTestPath("src/contest/a.ts")).toBe(false);
    expect(isMinified("dist/app.min.js", "")).toBe(true);
    expect(isMinified("dist/app.js", "x".repeat(5000))).toBe(true);
    expect(isMinified("src/app.js", "const a = 1;\n")).toBe(false);
  });

  it("entropy separates words from random strings", () => {
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("password")).toBeLessThan(3);
    expect(shannonEntropy("q8Zt3LwR0vNc5YbK1sMf7HdJ")).toBeGreaterThan(4);
  });
});

describe("generic rule on keyword lines only", () => {
  it("finds what the generic pattern finds over the whole file", () => {
    const line = fc.constantFrom(
      'const apiKey = "Zq8vN3kLp2Wx7Rt5Ym9Bc4Hd6Jf1Gs0A";',
      "DB_PASSWORD=Hk3jLm9QpR2sTv5W",
      "  client_secret: 'aB3dE5gH7jK9mN1pQ3s'",
      "SECRET_TOKEN := `x9Y8z7W6v5U4t3S2r1Q0`",
      "let total = items.length; // no secret words",
      "export AUTH_TOKEN=Pq7Rs8Tu9Vw0Xy1Za2Bc3",
      "keyboard = layout",
      "",
      "\r",
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.constantFrom("\n", "\r\n"), (lines, eol) => {
        const text = lines.join(eol);
        const result = parseSecrets(new SourceFile("config/app.env", text));
        if (!result.ok) throw new Error(result.reason);
        const perLine = result.model.candidates
          .filter((candidate) => candidate.ruleId === "secrets/generic-high-entropy-assignment")
          .map((candidate) => [candidate.offset, candidate.value]);
        const whole = [...text.matchAll(GENERIC_ASSIGNMENT)].map((match) => [
          match.index + match[0].lastIndexOf(match[4]!),
          match[4],
        ]);
        expect(perLine).toEqual(whole);
      }),
    );
  });
});
