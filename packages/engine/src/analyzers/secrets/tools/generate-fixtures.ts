// Writes `fixtures/<rule>/generated.env` for every catalogue entry from its sample templates.
// Holes such as `{alnum:36}` are filled from a PRNG seeded by the rule id, so the values are fake,
// random-looking and the same on every run. Run: npx tsx packages/engine/src/analyzers/secrets/tools/generate-fixtures.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ruleName } from "../../../rule.ts";
import { catalogue } from "../catalogue/index.ts";

const CHARSETS: Record<string, string> = {
  alnum: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  lower: "abcdefghijklmnopqrstuvwxyz",
  uppernum: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  lowernum: "abcdefghijklmnopqrstuvwxyz0123456789",
  digits: "0123456789",
  hex: "0123456789abcdef",
  b32: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
  lowerb32: "abcdefghijklmnopqrstuvwxyz234567",
  b64: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
  b64url: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
  bech32: "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
};

/** mulberry32: tiny, seedable, good enough to make fixture values look random. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

function randomString(random: () => number, charset: string, length: number): string {
  let out = "";
  for (let index = 0; index < length; index++) out += charset[Math.floor(random() * charset.length)];
  return out;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function jwt(random: () => number, kind: string): string {
  const header = base64url(
    kind === "none"
      ? { alg: "none", typ: "JWT" }
      : { alg: kind === "kubernetes" ? "RS256" : "HS256", typ: "JWT" },
  );
  const payload = base64url(
    kind === "kubernetes"
      ? {
          iss: "kubernetes/serviceaccount",
          "kubernetes.io/serviceaccount/namespace": "default",
          "kubernetes.io/serviceaccount/service-account.name": "deployer",
          sub: "system:serviceaccount:default:deployer",
        }
      : { sub: randomString(random, CHARSETS.alnum!, 12), iat: 1700000000 + Math.floor(random() * 1e6) },
  );
  return `${header}.${payload}.${randomString(random, CHARSETS.b64url!, kind === "kubernetes" ? 342 : 43)}`;
}

const HOLE = /\{(?:([a-z0-9]+):([A-Za-z0-9_]+)|(uuid|basicauth|@))\}/g;

export function fill(template: string, random: () => number): string {
  return template.replace(
    HOLE,
    (_whole, name: string | undefined, arg: string | undefined, bare: string | undefined) => {
      if (bare === "@") return "{@}"; // kept for the annotation pass
      if (bare === "uuid") {
        const hex = CHARSETS.hex!;
        return [8, 4, 4, 4, 12].map((length) => randomString(random, hex, length)).join("-");
      }
      if (bare === "basicauth") {
        return Buffer.from(`ci-bot:${randomString(random, CHARSETS.alnum!, 20)}`).toString("base64");
      }
      if (name === "x") return "x".repeat(Number(arg));
      // References written as `{env:NAME}` / `{gha:NAME}` so the catalogue holds no `${…}` strings.
      if (name === "env") return `$\{${arg}}`;
      if (name === "gha") return `$\{{ secrets.${arg} }}`;
      if (name === "jwt") return jwt(random, arg!);
      if (name === "pem") {
        return Array.from({ length: Number(arg) }, () => randomString(random, CHARSETS.b64!, 64)).join("\n");
      }
      const charset = CHARSETS[name!];
      if (!charset) throw new Error(`unknown hole {${name}:${arg}} in ${template}`);
      return randomString(random, charset, Number(arg));
    },
  );
}

/**
 * A flagged multi-line sample marks its reported line with `{@}`; without a marker the first line
 * is the reported one. Ok samples get one `ok:` annotation above their first line, and the harness
 * fails on any finding in the lines after it because those are unannotated.
 */
function annotated(kind: "ruleid" | "ok", id: string, sample: string): string {
  const lines = sample.split("\n");
  const marked = lines.findIndex((line) => line.startsWith("{@}"));
  const at = marked === -1 ? 0 : marked;
  const out = lines.map((line) => line.replace(/^\{@\}/, ""));
  out.splice(at, 0, `# ${kind}: ${id}`);
  return out.join("\n");
}

/** The template with every random hole replaced by a run of `x`. */
function blanked(template: string): string {
  return template
    .replace(/\{uuid\}/g, "{x:8}-{x:4}-{x:4}-{x:4}-{x:12}")
    .replace(/\{(?:jwt:[a-z]+|basicauth)\}/g, "{x:40}")
    .replace(/\{pem:\d+\}/g, "{x:64}")
    .replace(/\{(?!@|x:)[a-z0-9]+:(\d+)\}/g, "{x:$1}");
}

export function fixtureText(
  id: string,
  samples: { flag: readonly string[]; ok?: readonly string[] },
): string {
  const random = prng(seedOf(id));
  const parts = [
    "# Generated by tools/generate-fixtures.ts from the catalogue samples. Every value is random and fake.",
  ];
  for (const sample of samples.flag) parts.push(annotated("ruleid", id, fill(sample, random)));
  const oks = samples.ok ?? [];
  for (const sample of oks) parts.push(annotated("ok", id, fill(sample, random)));
  // A twin of the first flagged sample with the random part blanked: the placeholder trap.
  parts.push(annotated("ok", id, fill(blanked(samples.flag[0]!), random)));
  return `${parts.join("\n\n")}\n`;
}

function main(): void {
  const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
  for (const entry of catalogue) {
    const dir = join(fixtures, ruleName(entry.id));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "generated.env"), fixtureText(entry.id, entry.samples));
  }
  console.log(`wrote ${catalogue.length} fixture files`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
