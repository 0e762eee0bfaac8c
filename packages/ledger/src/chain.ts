// The per-tenant hash chain of evidence artifacts: each entry commits to its content and to the
// entry before it, so changing any entry changes every hash after it.
import { canonicalize } from "./canonical-json.ts";
import { hexToBytes, isSha256Hex, sha256Hex } from "./hash.ts";

/** What the first entry links to: SHA-256 of the ASCII text `rampart-ledger-genesis-v1`, hex. */
export const GENESIS_HASH = sha256Hex("rampart-ledger-genesis-v1");

/** One link of the chain. Hashes are lowercase hex SHA-256. */
export interface ChainLink {
  readonly index: number;
  readonly prevHash: string;
  readonly contentHash: string;
  readonly hash: string;
}

/** A link with the content it commits to: what is stored and exported. */
export interface LedgerEntry<Content = unknown> extends ChainLink {
  readonly content: Content;
}

/**
 * SHA-256 of the RFC 8785 canonical JSON of `content` (UTF-8), hex.
 * @throws CanonicalJsonError if `content` has no JSON form (a programmer error).
 */
export function contentHash(content: unknown): string {
  return sha256Hex(canonicalize(content));
}

/** SHA-256(prevHash ‖ contentHash) over the 32 raw bytes of each (not their hex text), hex. */
export function entryHash(prevHash: string, contentHashHex: string): string {
  return sha256Hex(hexToBytes(prevHash), hexToBytes(contentHashHex));
}

/** The link that appends `content` after `prev` (`null` for the first entry of a chain). */
export function appendEntry(prev: ChainLink | null, content: unknown): ChainLink {
  const prevHash = prev === null ? GENESIS_HASH : prev.hash;
  const ownContentHash = contentHash(content);
  return {
    index: prev === null ? 0 : prev.index + 1,
    prevHash,
    contentHash: ownContentHash,
    hash: entryHash(prevHash, ownContentHash),
  };
}

export type ChainBreakReason =
  /** `index` is not the entry's position in the chain. */
  | "index-mismatch"
  /** The content does not hash to `contentHash` (the content or the stored hash was changed). */
  | "content-hash-mismatch"
  /** `prevHash` is not the previous entry's `hash` (or, for entry 0, the genesis hash). */
  | "link-mismatch"
  /** `hash` is not SHA-256(prevHash ‖ contentHash). */
  | "hash-mismatch"
  /** A hash field is not 64 lowercase hex digits, or the content has no canonical JSON form. */
  | "malformed";

export type ChainVerification =
  | { readonly ok: true; readonly length: number; readonly head: string }
  | {
      readonly ok: false;
      readonly index: number;
      readonly reason: ChainBreakReason;
      readonly message: string;
    };

/**
 * Checks `entries` (in order, starting at index 0) from the genesis hash to the head and stops at
 * the first entry that is wrong, naming it and what is wrong with it. The head of an empty chain
 * is the genesis hash.
 */
export function verifyChain(entries: readonly LedgerEntry[]): ChainVerification {
  let expectedPrev = GENESIS_HASH;
  for (const [position, entry] of entries.entries()) {
    const fail = (reason: ChainBreakReason, message: string): ChainVerification => ({
      ok: false,
      index: position,
      reason,
      message: `entry ${position}: ${message}`,
    });
    if (entry.index !== position)
      return fail("index-mismatch", `index is ${entry.index}, expected ${position}`);
    for (const field of ["prevHash", "contentHash", "hash"] as const) {
      if (!isSha256Hex(entry[field])) return fail("malformed", `${field} is not a lowercase hex SHA-256`);
    }
    let actualContentHash: string;
    try {
      actualContentHash = contentHash(entry.content);
    } catch (error) {
      return fail("malformed", `content has no canonical JSON form (${(error as Error).message})`);
    }
    if (actualContentHash !== entry.contentHash) {
      return fail(
        "content-hash-mismatch",
        `content hashes to ${actualContentHash}, entry says ${entry.contentHash}`,
      );
    }
    if (entry.prevHash !== expectedPrev) {
      return fail("link-mismatch", `prevHash is ${entry.prevHash}, expected ${expectedPrev}`);
    }
    const actualHash = entryHash(entry.prevHash, entry.contentHash);
    if (actualHash !== entry.hash) {
      return fail("hash-mismatch", `hash is ${entry.hash}, expected ${actualHash}`);
    }
    expectedPrev = entry.hash;
  }
  return { ok: true, length: entries.length, head: expectedPrev };
}

/** Builds a whole chain from contents, in order: a convenience for tests, exports and demos. */
export function buildChain<Content>(contents: readonly Content[]): LedgerEntry<Content>[] {
  const entries: LedgerEntry<Content>[] = [];
  let prev: ChainLink | null = null;
  for (const content of contents) {
    const link: ChainLink = appendEntry(prev, content);
    entries.push({ ...link, content });
    prev = link;
  }
  return entries;
}
