import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appendEntry, buildChain, contentHash, entryHash, GENESIS_HASH, verifyChain } from "./chain.ts";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest();

describe("chain", () => {
  it("links the first entry to the fixed genesis hash", () => {
    expect(GENESIS_HASH).toBe(sha256("rampart-ledger-genesis-v1").toString("hex"));
    expect(appendEntry(null, { a: 1 })).toMatchObject({ index: 0, prevHash: GENESIS_HASH });
  });

  it("hashes content as canonical JSON and links with raw bytes, by the definition", () => {
    const content = { b: [1, 2], a: "x" };
    const expectedContentHash = sha256('{"a":"x","b":[1,2]}').toString("hex");
    expect(contentHash(content)).toBe(expectedContentHash);
    expect(contentHash({ a: "x", b: [1, 2] })).toBe(expectedContentHash);
    const expectedHash = sha256(
      Buffer.concat([Buffer.from(GENESIS_HASH, "hex"), Buffer.from(expectedContentHash, "hex")]),
    ).toString("hex");
    expect(entryHash(GENESIS_HASH, expectedContentHash)).toBe(expectedHash);
    expect(appendEntry(null, content)).toEqual({
      index: 0,
      prevHash: GENESIS_HASH,
      contentHash: expectedContentHash,
      hash: expectedHash,
    });
  });

  it("verifies an untouched chain and reports its head", () => {
    const entries = buildChain([{ run: 1 }, { run: 2 }, { batch: [1, 2, 3] }]);
    expect(verifyChain(entries)).toEqual({ ok: true, length: 3, head: entries[2]!.hash });
    expect(verifyChain([])).toEqual({ ok: true, length: 0, head: GENESIS_HASH });
  });

  it("fails at exactly the entry whose content changed", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 12 }), fc.nat(), (contents, pick) => {
        const entries = buildChain(contents);
        const target = pick % entries.length;
        const tampered = entries.map((entry, index) =>
          index === target ? { ...entry, content: { tampered: entry.content } } : entry,
        );
        expect(verifyChain(tampered)).toMatchObject({
          ok: false,
          index: target,
          reason: "content-hash-mismatch",
        });
      }),
    );
  });

  it("names which hash is wrong", () => {
    const entries = buildChain([{ n: 0 }, { n: 1 }, { n: 2 }]);
    const flip = (hex: string) => (hex[0] === "0" ? "1" : "0") + hex.slice(1);
    const at = (index: number, patch: object) =>
      entries.map((e, i) => (i === index ? { ...e, ...patch } : e));
    expect(verifyChain(at(1, { contentHash: flip(entries[1]!.contentHash) }))).toMatchObject({
      ok: false,
      index: 1,
      reason: "content-hash-mismatch",
    });
    expect(verifyChain(at(1, { prevHash: flip(entries[1]!.prevHash) }))).toMatchObject({
      ok: false,
      index: 1,
      reason: "link-mismatch",
    });
    expect(verifyChain(at(2, { hash: flip(entries[2]!.hash) }))).toMatchObject({
      ok: false,
      index: 2,
      reason: "hash-mismatch",
    });
    expect(verifyChain(at(0, { hash: "nothex" }))).toMatchObject({
      ok: false,
      index: 0,
      reason: "malformed",
    });
    expect(verifyChain(at(2, { index: 7 }))).toMatchObject({ ok: false, index: 2, reason: "index-mismatch" });
  });

  it("catches a removed or reordered entry as a broken link", () => {
    const entries = buildChain([{ n: 0 }, { n: 1 }, { n: 2 }]);
    const withoutMiddle = [entries[0]!, { ...entries[2]!, index: 1 }];
    expect(verifyChain(withoutMiddle)).toMatchObject({ ok: false, index: 1, reason: "link-mismatch" });
  });
});
