import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  consistencyProof,
  EMPTY_ROOT,
  inclusionProof,
  leafHash,
  MerkleTree,
  rootHash,
  verifyConsistency,
  verifyInclusion,
} from "./merkle.ts";

// A deliberately naive transcription of RFC 9162 §2.1.1, §2.1.3.1 and §2.1.4.1, to check the
// optimised tree against the definitions rather than against itself.
const sha = (...parts: Uint8Array[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const largestPowerOfTwoBelow = (n: number) => 2 ** Math.floor(Math.log2(n - 1));
function mth(d: Uint8Array[]): Buffer {
  if (d.length === 0) return sha();
  if (d.length === 1) return sha(Buffer.from([0]), d[0]!);
  const k = largestPowerOfTwoBelow(d.length);
  return sha(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
}
function path(m: number, d: Uint8Array[]): Buffer[] {
  if (d.length === 1) return [];
  const k = largestPowerOfTwoBelow(d.length);
  return m < k
    ? [...path(m, d.slice(0, k)), mth(d.slice(k))]
    : [...path(m - k, d.slice(k)), mth(d.slice(0, k))];
}
function subproof(m: number, d: Uint8Array[], b: boolean): Buffer[] {
  if (m === d.length) return b ? [] : [mth(d)];
  const k = largestPowerOfTwoBelow(d.length);
  return m <= k
    ? [...subproof(m, d.slice(0, k), b), mth(d.slice(k))]
    : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
// Distinct leaves, so that a proof for one position cannot legitimately verify another.
const leavesArbitrary = fc.uniqueArray(fc.uint8Array({ maxLength: 8 }), {
  minLength: 1,
  maxLength: 70,
  selector: (leaf) => Buffer.from(leaf).toString("hex"),
});
const flipByte = (proof: Buffer[], which: number, bit: number) =>
  proof.map((node, index) => {
    if (index !== which % proof.length) return node;
    const copy = Buffer.from(node);
    copy[bit % copy.length]! ^= 1 << (bit % 8);
    return copy;
  });

// The leaves of the Certificate Transparency reference test trees (certificate-transparency-go
// merkletree and RFC 6962 implementations): roots of the first 1..8 leaves.
const CT_LEAVES = [
  "",
  "00",
  "10",
  "2021",
  "3031",
  "40414243",
  "5051525354555657",
  "606162636465666768696a6b6c6d6e6f",
].map((text) => Buffer.from(text, "hex"));
const CT_ROOTS = [
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];

describe("merkle (RFC 9162)", () => {
  it("hashes the empty tree and leaves with their domain-separation prefixes", () => {
    expect(hex(rootHash([]))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(EMPTY_ROOT)).toBe(hex(rootHash([])));
    expect(hex(leafHash(Buffer.alloc(0)))).toBe(CT_ROOTS[0]);
  });

  it("gives the Certificate Transparency reference roots", () => {
    for (let size = 1; size <= CT_LEAVES.length; size++) {
      expect(hex(rootHash(CT_LEAVES.slice(0, size))), `size ${size}`).toBe(CT_ROOTS[size - 1]);
    }
  });

  it("matches the RFC's definitions on random trees, including earlier sizes of one tree", () => {
    fc.assert(
      fc.property(leavesArbitrary, fc.nat(), fc.nat(), (leaves, a, b) => {
        const tree = MerkleTree.fromLeaves(leaves);
        const size = 1 + (a % leaves.length);
        const index = b % size;
        const prefix = leaves.slice(0, size);
        expect(hex(tree.root(size))).toBe(hex(mth(prefix)));
        expect(tree.inclusionProof(index, size).map(hex)).toEqual(path(index, prefix).map(hex));
        const oldSize = 1 + (b % size);
        const expected = oldSize === size ? [] : subproof(oldSize, prefix, true);
        expect(tree.consistencyProof(oldSize, size).map(hex)).toEqual(expected.map(hex));
      }),
    );
  });

  it("verifies every inclusion proof and rejects a flipped byte, a wrong index or a wrong leaf", () => {
    fc.assert(
      fc.property(leavesArbitrary, fc.nat(), fc.nat(), fc.nat(), (leaves, pick, which, bit) => {
        const index = pick % leaves.length;
        const root = rootHash(leaves);
        const proof = inclusionProof(index, leaves);
        const leaf = leafHash(leaves[index]!);
        expect(verifyInclusion(index, leaves.length, leaf, proof, root)).toBe(true);
        if (proof.length > 0) {
          expect(verifyInclusion(index, leaves.length, leaf, flipByte(proof, which, bit), root)).toBe(false);
        }
        const flippedRoot = flipByte([root], 0, bit)[0]!;
        expect(verifyInclusion(index, leaves.length, leaf, proof, flippedRoot)).toBe(false);
        expect(verifyInclusion(index, leaves.length, leafHash(Buffer.from("other")), proof, root)).toBe(
          false,
        );
        if (leaves.length > 1) {
          const otherIndex = (index + 1 + (which % (leaves.length - 1))) % leaves.length;
          expect(verifyInclusion(otherIndex, leaves.length, leaf, proof, root)).toBe(false);
        }
        expect(verifyInclusion(index, leaves.length, leaf, [...proof, root], root)).toBe(false);
        expect(verifyInclusion(leaves.length, leaves.length, leaf, proof, root)).toBe(false);
      }),
    );
  });

  it("verifies every consistency proof and rejects a flipped byte or a rewritten history", () => {
    fc.assert(
      fc.property(leavesArbitrary, fc.nat(), fc.nat(), fc.nat(), (leaves, pick, which, bit) => {
        const oldSize = 1 + (pick % leaves.length);
        const oldRoot = rootHash(leaves.slice(0, oldSize));
        const newRoot = rootHash(leaves);
        const proof = consistencyProof(oldSize, leaves);
        expect(verifyConsistency(oldSize, leaves.length, oldRoot, newRoot, proof)).toBe(true);
        if (proof.length > 0) {
          expect(
            verifyConsistency(oldSize, leaves.length, oldRoot, newRoot, flipByte(proof, which, bit)),
          ).toBe(false);
        }
        const rewritten = leaves.map((leaf, index) =>
          index === which % oldSize ? Buffer.from([...leaf, 1]) : leaf,
        );
        const rewrittenRoot = rootHash(rewritten);
        const rewrittenProof = consistencyProof(oldSize, rewritten);
        expect(verifyConsistency(oldSize, leaves.length, oldRoot, rewrittenRoot, rewrittenProof)).toBe(false);
        expect(
          verifyConsistency(oldSize, leaves.length, flipByte([oldRoot], 0, bit)[0]!, newRoot, proof),
        ).toBe(false);
      }),
    );
  });

  it("handles the edge sizes of consistency", () => {
    const leaves = CT_LEAVES;
    const root = rootHash(leaves);
    expect(consistencyProof(0, leaves)).toEqual([]);
    expect(verifyConsistency(0, 8, EMPTY_ROOT, root, [])).toBe(true);
    expect(verifyConsistency(8, 8, root, root, [])).toBe(true);
    expect(verifyConsistency(8, 8, root, rootHash(leaves.slice(0, 7)), [])).toBe(false);
    expect(verifyConsistency(8, 7, root, root, [])).toBe(false);
    expect(verifyConsistency(3, 8, rootHash(leaves.slice(0, 3)), root, [])).toBe(false);
    expect(() => consistencyProof(9, leaves)).toThrow(RangeError);
    expect(() => inclusionProof(8, leaves)).toThrow(RangeError);
  });

  it("builds proofs for a large tree without rehashing it for each proof", () => {
    const leaves = Array.from({ length: 2000 }, (_, index) => Buffer.from(String(index)));
    const tree = MerkleTree.fromLeaves(leaves);
    const root = tree.root();
    for (let index = 0; index < leaves.length; index++) {
      expect(
        verifyInclusion(index, leaves.length, leafHash(leaves[index]!), tree.inclusionProof(index), root),
      ).toBe(true);
    }
  });
});
