// The real clients of the external anchors: the configured witnesses over C2SP tlog-witness and
// the configured RFC 3161 authority, whose tokens are verified against TSA_ROOT_CERTS before they
// are kept. Only the configured URLs are ever fetched.
import { readFileSync } from "node:fs";
import { requestTimestamp, submitCheckpoint, verifyTimestampToken } from "@rampart/ledger";
import type { AnchorClients, TimestampAnswer } from "./anchor.service.ts";
import type { WitnessConfig } from "./anchor-config.ts";

const WITNESS_TIMEOUT_MS = 15_000;
const TSA_TIMEOUT_MS = 15_000;
const MAX_ROOTS_BYTES = 1024 * 1024;

/** The PEM certificates in the TSA_ROOT_CERTS file. @throws Error naming the file when unusable. */
export function readTsaRoots(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`invalid configuration: TSA_ROOT_CERTS: cannot read ${file}`);
  }
  if (text.length > MAX_ROOTS_BYTES)
    throw new Error(`invalid configuration: TSA_ROOT_CERTS: ${file} is too large`);
  const roots = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (roots.length === 0) throw new Error(`invalid configuration: TSA_ROOT_CERTS: no certificate in ${file}`);
  return roots;
}

export function createAnchorClients(settings: {
  witnesses: readonly WitnessConfig[];
  tsa?: { url: string; roots: readonly string[] };
  fetch?: typeof globalThis.fetch;
}): AnchorClients {
  const { tsa } = settings;
  return {
    addCheckpoint: ({ witness, oldSize, proof, note }) =>
      submitCheckpoint({
        url: witness.url,
        witnessVkey: witness.vkey,
        oldSize,
        proof,
        note,
        timeoutMs: WITNESS_TIMEOUT_MS,
        ...(settings.fetch ? { fetch: settings.fetch } : {}),
      }),
    ...(tsa
      ? {
          timestamp: async (data: Buffer): Promise<TimestampAnswer> => {
            const answer = await requestTimestamp({
              url: tsa.url,
              data,
              timeoutMs: TSA_TIMEOUT_MS,
              ...(settings.fetch ? { fetch: settings.fetch } : {}),
            });
            if (!answer.ok) return { ok: false, message: `${answer.reason}: ${answer.message}` };
            // A token nobody can verify is worth nothing: check it as an auditor will.
            const verified = await verifyTimestampToken(answer.token, data, { trustedRoots: tsa.roots });
            if (!verified.ok)
              return { ok: false, message: `token refused (${verified.reason}): ${verified.message}` };
            return answer;
          },
        }
      : {}),
  };
}
