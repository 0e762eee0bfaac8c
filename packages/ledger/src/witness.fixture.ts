// A test log for the witness tests: a Merkle tree over made-up entries and its signed checkpoints.
import { createHash, type KeyObject, sign } from "node:crypto";
import { type Checkpoint, checkpointBody, noteKeyId } from "./checkpoint.ts";
import { MerkleTree } from "./merkle.ts";
import { formatVerifierKey, SIGNATURE_TYPE } from "./note.ts";
import { generateKeyPair, publicKeyOf } from "./signing.ts";

export interface TestLog {
  readonly origin: string;
  readonly vkey: string;
  readonly privateKey: KeyObject;
  readonly tree: MerkleTree;
  /** The log's signed checkpoint of its first `size` entries. */
  checkpoint(size: number): string;
  /** The consistency proof from `oldSize` to `size`. */
  proof(oldSize: number, size: number): Buffer[];
}

export function testLog(origin: string, entries: number, seed = origin): TestLog {
  const { privateKey, publicKey } = generateKeyPair();
  const leaves = Array.from({ length: entries }, (_, n) =>
    createHash("sha256").update(`${seed} entry ${n}`).digest(),
  );
  const tree = MerkleTree.fromLeaves(leaves);
  return {
    origin,
    vkey: formatVerifierKey(origin, SIGNATURE_TYPE.ed25519, publicKey),
    privateKey,
    tree,
    checkpoint: (size) =>
      signCheckpointSync(
        {
          origin,
          treeSize: size,
          rootHash: tree.root(size).toString("hex"),
          timestamp: "2026-11-22T10:00:00Z",
        },
        privateKey,
      ),
    proof: (oldSize, size) => tree.consistencyProof(oldSize, size),
  };
}

/** The same log (origin and key) over other entries: a fork of `log`. */
export function forkOf(log: TestLog, entries: number): TestLog {
  const other = testLog(log.origin, entries, `${log.origin} fork`);
  return {
    ...other,
    vkey: log.vkey,
    privateKey: log.privateKey,
    checkpoint: (size) =>
      signCheckpointSync(
        {
          origin: log.origin,
          treeSize: size,
          rootHash: other.tree.root(size).toString("hex"),
          timestamp: "2026-11-22T10:00:00Z",
        },
        log.privateKey,
      ),
  };
}

export function requestBody(oldSize: number, proof: readonly Buffer[], note: string): string {
  return `old ${oldSize}\n${proof.map((node) => `${node.toString("base64")}\n`).join("")}\n${note}`;
}

/**
 * The signed note signCheckpoint makes, signed synchronously with a key in this process: the
 * fixtures hand out checkpoints from plain functions (signCheckpoint is async since the Signer).
 */
export function signCheckpointSync(checkpoint: Checkpoint, privateKey: KeyObject): string {
  const body = checkpointBody(checkpoint);
  const signature = sign(null, Buffer.from(body, "utf8"), privateKey);
  const keyId = noteKeyId(checkpoint.origin, publicKeyOf(privateKey));
  return `${body}\n\u2014 ${checkpoint.origin} ${Buffer.concat([keyId, signature]).toString("base64")}\n`;
}
