// The external anchors an operator configures: witnesses (LEDGER_WITNESSES, one `<URL> <vkey>`
// per entry) and an RFC 3161 time-stamping authority (TSA_URL with TSA_ROOT_CERTS). Pure parsing:
// a bad entry is named so that the server refuses to start with a message that points at it.
import { parseCosignerKeys } from "@rampart/ledger";

export interface WitnessConfig {
  /** The witness's key name, from its verifier key. */
  readonly name: string;
  /** Where its tlog-witness API answers (the prefix of `/add-checkpoint`). */
  readonly url: string;
  /** Its C2SP verifier key, `<name>+<hex key ID>+<base64(0x04 ‖ Ed25519 public key)>`. */
  readonly vkey: string;
}

export type WitnessEntries = { ok: true; witnesses: WitnessConfig[] } | { ok: false; message: string };

/** At most this many witnesses: each checkpoint is sent to every one of them. */
export const MAX_WITNESSES = 16;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why `vkey` is not an Ed25519 cosignature/v1 verifier key, or `undefined` if it is one. */
export function vkeyProblem(vkey: string): string | undefined {
  const parsed = parseCosignerKeys([vkey]);
  return parsed.ok ? undefined : parsed.message;
}

/**
 * Why `url` may not be a witness's address: https, or http on this machine only (a witness
 * beside the server); never credentials in it.
 */
export function witnessUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "not a URL";
  }
  if (parsed.username || parsed.password) return "a witness URL must not carry credentials";
  if (parsed.protocol === "https:") return undefined;
  if (parsed.protocol === "http:" && LOOPBACK.has(parsed.hostname)) return undefined;
  return "must be https (http only on localhost)";
}

/** Parses LEDGER_WITNESSES: entries separated by newlines or commas, each `<URL> <vkey>`. */
export function parseWitnessEntries(text: string): WitnessEntries {
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > MAX_WITNESSES) return { ok: false, message: `at most ${MAX_WITNESSES} witnesses` };
  const witnesses: WitnessConfig[] = [];
  for (const entry of entries) {
    const fields = entry.split(/\s+/);
    if (fields.length !== 2) return { ok: false, message: `"${entry}": expected "<URL> <vkey>"` };
    const [url, vkey] = fields as [string, string];
    const urlProblem = witnessUrlProblem(url);
    if (urlProblem) return { ok: false, message: `"${entry}": ${urlProblem}` };
    const keyProblem = vkeyProblem(vkey);
    if (keyProblem) return { ok: false, message: `"${entry}": ${keyProblem}` };
    const name = vkey.slice(0, vkey.indexOf("+"));
    if (witnesses.some((witness) => witness.name === name))
      return { ok: false, message: `"${entry}": a second witness named ${name}` };
    witnesses.push({ name, url: url.replace(/\/+$/, ""), vkey });
  }
  return { ok: true, witnesses };
}
