// RFC 9162 (Certificate Transparency v2) Merkle trees over the chain's entry hashes: the root that
// checkpoints sign, and the inclusion and consistency proofs an auditor checks offline.
import { createHash } from "node:crypto";

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** HASH(0x00 ‖ data) — RFC 9162 §2.1.1. */
export function leafHash(data: Uint8Array): Buffer {
  return createHash("sha256").update(LEAF_PREFIX).update(data).digest();
}

/** HASH(0x01 ‖ left ‖ right) — RFC 9162 §2.1.1. */
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return createHash("sha256").update(NODE_PREFIX).update(left).update(right).digest();
}

/** MTH({}) = SHA-256 of the empty string. */
export const EMPTY_ROOT: Buffer = createHash("sha256").digest();

/** The largest power of two strictly smaller than `n` (n ≥ 2): the RFC's split point k. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * A tree over leaf hashes that keeps every complete, aligned subtree hash, so that a root or a
 * proof costs O(log² n) hashes instead of O(n). The RFC's left subtrees are always complete and
 * aligned; only right edges need hashing on demand.
 */
export class MerkleTree {
  /** levels[h][i]: hash of the complete subtree of 2^h leaves starting at leaf i·2^h. */
  private readonly levels: Buffer[][];

  private constructor(leafHashes: Buffer[]) {
    this.levels = [leafHashes];
    let level = leafHashes;
    while (level.length > 1) {
      const next: Buffer[] = [];
      for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(level[i]!, level[i + 1]!));
      this.levels.push(next);
      level = next;
    }
  }

  /** A tree whose leaves are `leaves` (leaf data: each is hashed with {@link leafHash}). */
  static fromLeaves(leaves: readonly Uint8Array[]): MerkleTree {
    return new MerkleTree(leaves.map(leafHash));
  }

  /** A tree from leaf hashes already computed with {@link leafHash}. */
  static fromLeafHashes(hashes: readonly Uint8Array[]): MerkleTree {
    return new MerkleTree(hashes.map((hash) => Buffer.from(hash)));
  }

  get size(): number {
    return this.levels[0]!.length;
  }

  /** MTH(D[0:n]) for the whole tree, or for its first `size` leaves (an earlier tree). */
  root(size: number = this.size): Buffer {
    this.checkSize(size, "size");
    return size === 0 ? Buffer.from(EMPTY_ROOT) : this.subtree(0, size);
  }

  /** PATH(m, D[n]) — RFC 9162 §2.1.3.1: the inclusion proof of leaf `index` in the first `size` leaves. */
  inclusionProof(index: number, size: number = this.size): Buffer[] {
    this.checkSize(size, "size");
    if (!Number.isInteger(index) || index < 0 || index >= size) {
      throw new RangeError(`leaf index ${index} is outside a tree of ${size}`);
    }
    const proof: Buffer[] = [];
    this.path(index, 0, size, proof);
    return proof;
  }

  /** PROOF(m, D[n]) — RFC 9162 §2.1.4.1: proves the first `oldSize` leaves are a prefix of `size`. */
  consistencyProof(oldSize: number, size: number = this.size): Buffer[] {
    this.checkSize(size, "size");
    if (!Number.isInteger(oldSize) || oldSize < 0 || oldSize > size) {
      throw new RangeError(`old size ${oldSize} is outside 0..${size}`);
    }
    const proof: Buffer[] = [];
    if (oldSize > 0 && oldSize < size) this.subproof(oldSize, 0, size, true, proof);
    return proof;
  }

  private checkSize(size: number, name: string): void {
    if (!Number.isInteger(size) || size < 0 || size > this.size) {
      throw new RangeError(`${name} ${size} is outside 0..${this.size}`);
    }
  }

  /** MTH(D[start:end]) for a non-empty range whose start is aligned to the RFC's splits. */
  private subtree(start: number, end: number): Buffer {
    const n = end - start;
    if (isPowerOfTwo(n) && start % n === 0) return this.levels[Math.log2(n)]![start / n]!;
    const k = splitPoint(n);
    return nodeHash(this.subtree(start, start + k), this.subtree(start + k, end));
  }

  private path(m: number, start: number, end: number, proof: Buffer[]): void {
    const n = end - start;
    if (n === 1) return;
    const k = splitPoint(n);
    if (m < k) {
      this.path(m, start, start + k, proof);
      proof.push(this.subtree(start + k, end));
    } else {
      this.path(m - k, start + k, end, proof);
      proof.push(this.subtree(start, start + k));
    }
  }

  private subproof(m: number, start: number, end: number, complete: boolean, proof: Buffer[]): void {
    const n = end - start;
    if (m === n) {
      if (!complete) proof.push(this.subtree(start, end));
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      this.subproof(m, start, start + k, complete, proof);
      proof.push(this.subtree(start + k, end));
    } else {
      this.subproof(m - k, start + k, end, false, proof);
      proof.push(this.subtree(start, start + k));
    }
  }
}

/** MTH of `leaves` (leaf data). */
export function rootHash(leaves: readonly Uint8Array[]): Buffer {
  return MerkleTree.fromLeaves(leaves).root();
}

/** The inclusion proof of leaf `index` in the tree over all of `leaves` (leaf data). */
export function inclusionProof(index: number, leaves: readonly Uint8Array[]): Buffer[] {
  return MerkleTree.fromLeaves(leaves).inclusionProof(index);
}

/** The consistency proof from the tree of the first `oldSize` of `leaves` to the tree of all of them. */
export function consistencyProof(oldSize: number, leaves: readonly Uint8Array[]): Buffer[] {
  return MerkleTree.fromLeaves(leaves).consistencyProof(oldSize);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

function isSafeSize(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

// The verifiers below shift with division instead of >>, so trees past 2^31 leaves still work.
const isOdd = (value: number) => value % 2 === 1;
const half = (value: number) => Math.floor(value / 2);
function isPowerOfTwo(value: number): boolean {
  let rest = value;
  while (rest > 1 && !isOdd(rest)) rest = half(rest);
  return rest === 1;
}

/**
 * RFC 9162 §2.1.3.2: does `proof` show that the leaf with hash `leafHashBytes` (see {@link leafHash})
 * sits at `index` in the tree of `treeSize` leaves whose root is `root`?
 */
export function verifyInclusion(
  index: number,
  treeSize: number,
  leafHashBytes: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!isSafeSize(index) || !isSafeSize(treeSize) || index >= treeSize) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r: Uint8Array = leafHashBytes;
  for (const p of proof) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(r, root);
}

/**
 * RFC 9162 §2.1.4.2: does `proof` show that the tree of `oldSize` leaves with root `oldRoot` is a
 * prefix of the tree of `newSize` leaves with root `newRoot`? Equal sizes need an empty proof and
 * equal roots; an empty old tree is a prefix of every tree.
 */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!isSafeSize(oldSize) || !isSafeSize(newSize) || oldSize > newSize) return false;
  if (oldSize === 0) return proof.length === 0;
  if (oldSize === newSize) return proof.length === 0 && equalBytes(oldRoot, newRoot);
  if (proof.length === 0) return false;
  const path: Uint8Array[] = [...proof];
  // An old tree of a power-of-two size is a complete subtree: its root is the proof's implicit start.
  if (isPowerOfTwo(oldSize)) path.unshift(oldRoot);
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr: Uint8Array = path[0]!;
  let sr: Uint8Array = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return equalBytes(fr, oldRoot) && equalBytes(sr, newRoot) && sn === 0;
}
