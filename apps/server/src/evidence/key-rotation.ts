// Rotating the ledger's signing key (`npm run rotate-key`): the next key is made (a new key file)
// or named (a new KMS key), the rotation statement signed by the current key and the next one is
// recorded in the append-only ledger_key_rotations table, and a key file is switched with the old
// one kept as `<name>.<fingerprint>.retired.pem`. The next key is written (staged, fsynced) before
// the statement is recorded, so that a recorded rotation never names a key that was lost.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { Database } from "@rampart/db/client";
import { ledgerKeyRotations } from "@rampart/db/schema";
import {
  exportPrivateKeyPem,
  generateKeyPair,
  keyFingerprint,
  keyRotationStatement,
  localSigner,
  type Signer,
  signKeyRotation,
  verifyKeyRotation,
} from "@rampart/ledger";
import { eq } from "drizzle-orm";
import { type KmsSignerOptions, openKmsSigner } from "./kms-signer.ts";
import {
  dataDirectoryKeyFile,
  ensureKeysDirectory,
  openSigner,
  type SigningKeySource,
  writeKeyFileExclusive,
} from "./signing-key.ts";

export interface RotationInput {
  readonly db: Database;
  /** The current key, as the server is configured. */
  readonly source: SigningKeySource;
  readonly dataDir: string;
  /** The instance's ledger origin, named in the statement. */
  readonly origin: string;
  /** A new KMS key to rotate to, with the region, endpoint and credentials to reach it. */
  readonly nextKms?: KmsSignerOptions;
  readonly now?: () => Date;
}

export type RotationResult =
  | {
      ok: true;
      previousFingerprint: string;
      nextFingerprint: string;
      /** What the operator must still do, one line each (restarting, changing configuration). */
      instructions: string[];
    }
  | { ok: false; error: string };

/** The file the current key lives in, when it is a file the rotation may switch. */
function currentKeyFile(source: SigningKeySource): string | undefined {
  if (source.kind === "file") return source.path;
  if (source.kind === "data-directory") return dataDirectoryKeyFile(source.dataDir);
  return undefined;
}

const withoutPem = (file: string) => file.replace(/\.pem$/, "");

export async function rotateSigningKey(input: RotationInput): Promise<RotationResult> {
  const now = input.now ?? (() => new Date());
  const current = await openSigner(input.source, input.db);
  if (!current.ok) return { ok: false, error: `the current key: ${current.error}` };
  const previousFingerprint = keyFingerprint(current.signer.publicKey);
  const [already] = await input.db
    .select()
    .from(ledgerKeyRotations)
    .where(eq(ledgerKeyRotations.previousFingerprint, previousFingerprint));
  if (already) {
    return {
      ok: false,
      error: `key ${previousFingerprint} was already rotated to ${already.nextFingerprint}: restart with that key first`,
    };
  }

  // The next key, and where a new key file is staged until the statement is recorded.
  let next: Signer;
  let staged: string | undefined;
  const instructions: string[] = [];
  const switchable = currentKeyFile(input.source);
  if (input.nextKms) {
    const opened = await openKmsSigner(input.nextKms);
    if (!opened.ok) return { ok: false, error: `the next key: ${opened.error}` };
    next = opened.signer;
    instructions.push(
      `set LEDGER_KMS_KEY_ID=${input.nextKms.keyId} (and unset LEDGER_SIGNING_KEY and LEDGER_SIGNING_KEY_FILE)`,
    );
  } else {
    const { privateKey } = generateKeyPair();
    next = localSigner(privateKey);
    const nextFingerprint = keyFingerprint(next.publicKey);
    const directory = await ensureKeysDirectory(input.dataDir);
    if (!directory.ok) return directory;
    staged = switchable
      ? `${withoutPem(switchable)}.${nextFingerprint}.next.pem`
      : path.join(
          path.dirname(dataDirectoryKeyFile(input.dataDir)),
          `ledger-signing-key.${nextFingerprint}.pem`,
        );
    await writeKeyFileExclusive(staged, exportPrivateKeyPem(privateKey));
    if (!switchable) {
      instructions.push(
        `set LEDGER_SIGNING_KEY_FILE=${staged} (and unset LEDGER_SIGNING_KEY and LEDGER_KMS_KEY_ID)`,
      );
    }
  }
  const nextFingerprint = keyFingerprint(next.publicKey);

  const rotatedAt = now()
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z");
  const rotation = keyRotationStatement({
    origin: input.origin,
    previous: current.signer.publicKey,
    next: next.publicKey,
    rotatedAt,
  });
  const statement = await signKeyRotation(rotation, current.signer, next);
  // Both signatures are checked as an auditor will, before anything is published.
  if (!verifyKeyRotation(statement).ok) return { ok: false, error: "the rotation statement does not verify" };
  try {
    await input.db.insert(ledgerKeyRotations).values({
      previousFingerprint,
      nextFingerprint,
      statement,
      rotatedAt: new Date(rotatedAt),
    });
  } catch {
    if (staged) await fs.rm(staged, { force: true });
    return {
      ok: false,
      error: `the rotation of key ${previousFingerprint} could not be recorded (rotated already?)`,
    };
  }

  if (switchable && staged) {
    // The old key stays, private, under its fingerprint; the new one takes the configured name.
    const retired = `${withoutPem(switchable)}.${previousFingerprint}.retired.pem`;
    await fs.link(switchable, retired);
    await fs.chmod(retired, 0o600);
    await fs.rename(staged, switchable);
    const handle = await fs.open(path.dirname(switchable), "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
  instructions.push(
    "restart the server and every worker: running processes sign with the previous key until they restart",
  );
  return { ok: true, previousFingerprint, nextFingerprint, instructions };
}
