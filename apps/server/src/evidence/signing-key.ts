// Where the ledger's signing key lives, outside the database it vouches for: an environment
// variable, a key file (0600), AWS KMS, or by default a key file generated once in the data
// directory. An install whose key still sits in the instance_keys table has it moved to that file.
import { randomBytes } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import type { Database } from "@rampart/db/client";
import { instanceKeys } from "@rampart/db/schema";
import {
  delegatingSigner,
  exportPrivateKeyPem,
  generateKeyPair,
  importPrivateKey,
  keyFingerprint,
  localSigner,
  type Signer,
} from "@rampart/ledger";
import { eq } from "drizzle-orm";
import { type KmsSignerOptions, openKmsSigner } from "./kms-signer.ts";

export type SigningKeySource =
  | { readonly kind: "environment"; readonly text: string }
  | { readonly kind: "file"; readonly path: string }
  | { readonly kind: "kms"; readonly kms: KmsSignerOptions }
  /** The default: DATA_DIR/keys/ledger-signing-key.pem, generated once. */
  | { readonly kind: "data-directory"; readonly dataDir: string };

export type SignerResult = { ok: true; signer: Signer } | { ok: false; error: string };

export interface SigningKeyConfig {
  readonly DATA_DIR: string;
  readonly LEDGER_SIGNING_KEY?: string | undefined;
  readonly LEDGER_SIGNING_KEY_FILE?: string | undefined;
  readonly LEDGER_KMS_KEY_ID?: string | undefined;
  readonly LEDGER_KMS_ENDPOINT?: string | undefined;
  readonly AWS_REGION?: string | undefined;
}

/** How long a delegate of a KMS key signs before a new one is made. */
const DELEGATION_TTL_HOURS = 12;
/** The row name the key had in the instance_keys table before it moved to a file. */
const LEGACY_ROW_NAME = "ledger-signing-key";
export const KEY_FILE_NAME = "ledger-signing-key.pem";
/** A PEM Ed25519 key is about 120 bytes; anything much larger is not a key. */
const MAX_KEY_FILE_BYTES = 16 * 1024;

export const keysDirectory = (dataDir: string) => path.join(path.resolve(dataDir), "keys");
export const dataDirectoryKeyFile = (dataDir: string) => path.join(keysDirectory(dataDir), KEY_FILE_NAME);

/** Which source the configuration names; more than one is a mistake, not a preference order. */
export function signingKeySource(
  config: SigningKeyConfig,
): { ok: true; source: SigningKeySource } | { ok: false; error: string } {
  const named = [
    config.LEDGER_SIGNING_KEY ? "LEDGER_SIGNING_KEY" : undefined,
    config.LEDGER_SIGNING_KEY_FILE ? "LEDGER_SIGNING_KEY_FILE" : undefined,
    config.LEDGER_KMS_KEY_ID ? "LEDGER_KMS_KEY_ID" : undefined,
  ].filter((name) => name !== undefined);
  if (named.length > 1) return { ok: false, error: `set only one of ${named.join(", ")}` };
  if (config.LEDGER_SIGNING_KEY)
    return { ok: true, source: { kind: "environment", text: config.LEDGER_SIGNING_KEY } };
  if (config.LEDGER_SIGNING_KEY_FILE)
    return { ok: true, source: { kind: "file", path: path.resolve(config.LEDGER_SIGNING_KEY_FILE) } };
  if (config.LEDGER_KMS_KEY_ID) {
    if (!config.AWS_REGION) return { ok: false, error: "LEDGER_KMS_KEY_ID needs AWS_REGION" };
    return {
      ok: true,
      source: {
        kind: "kms",
        kms: {
          keyId: config.LEDGER_KMS_KEY_ID,
          region: config.AWS_REGION,
          ...(config.LEDGER_KMS_ENDPOINT ? { endpoint: config.LEDGER_KMS_ENDPOINT } : {}),
        },
      },
    };
  }
  return { ok: true, source: { kind: "data-directory", dataDir: config.DATA_DIR } };
}

/** Opens the signer of `source`; `db` is read only to move a key out of the instance_keys table. */
export async function openSigner(source: SigningKeySource, db: Database): Promise<SignerResult> {
  switch (source.kind) {
    case "environment": {
      const imported = importPrivateKey(source.text);
      return imported.ok
        ? { ok: true, signer: localSigner(imported.key) }
        : { ok: false, error: `LEDGER_SIGNING_KEY: ${imported.error}` };
    }
    case "file":
      return readKeyFile(source.path);
    case "kms": {
      // KMS signs only short messages: longer DSSE payloads go to a delegate it vouches for.
      const opened = await openKmsSigner(source.kms);
      return opened.ok
        ? { ok: true, signer: delegatingSigner(opened.signer, { ttlHours: DELEGATION_TTL_HOURS }) }
        : opened;
    }
    case "data-directory":
      return openDataDirectoryKey(source.dataDir, db);
  }
}

/** A PEM key file that only its owner may read. */
export async function readKeyFile(file: string): Promise<SignerResult> {
  let stat: import("node:fs").Stats;
  try {
    stat = await fs.stat(file);
  } catch {
    return { ok: false, error: `ledger signing key file ${file} cannot be read` };
  }
  if (!stat.isFile()) return { ok: false, error: `ledger signing key file ${file} is not a file` };
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, "0");
    return {
      ok: false,
      error: `ledger signing key file ${file} has mode ${mode}: it must not be open to group or others; run chmod 600 ${file}`,
    };
  }
  if (stat.size > MAX_KEY_FILE_BYTES)
    return { ok: false, error: `ledger signing key file ${file} is too large to be a key` };
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    return { ok: false, error: `ledger signing key file ${file} cannot be read` };
  }
  const imported = importPrivateKey(text.trim());
  return imported.ok
    ? { ok: true, signer: localSigner(imported.key) }
    : { ok: false, error: `ledger signing key file ${file}: ${imported.error}` };
}

/**
 * Writes `pem` to `file` only if no file is there yet, all or nothing: the key goes to a private
 * temporary file (O_EXCL, 0600), is fsynced, and is linked into place; link() fails if the name
 * exists, so of two processes starting together exactly one key wins, and a reader never sees a
 * half-written file. Returns false when another file was there first.
 */
export async function writeKeyFileExclusive(file: string, pem: string): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    await handle.writeFile(pem, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await fs.unlink(temporary);
    await syncDirectory(path.dirname(file));
  }
}

async function syncDirectory(directory: string) {
  const handle = await fs.open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** DATA_DIR/keys, created 0700; refused when others may enter it. */
export async function ensureKeysDirectory(
  dataDir: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const directory = keysDirectory(dataDir);
  await fs.mkdir(directory, { recursive: true, mode: 0o700 });
  const stat = await fs.stat(directory);
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, "0");
    return {
      ok: false,
      error: `ledger key directory ${directory} has mode ${mode}: it must be private; run chmod 700 ${directory}`,
    };
  }
  return { ok: true };
}

async function openDataDirectoryKey(dataDir: string, db: Database): Promise<SignerResult> {
  const file = dataDirectoryKeyFile(dataDir);
  try {
    const directory = await ensureKeysDirectory(dataDir);
    if (!directory.ok) return directory;
    const [legacy] = await db.select().from(instanceKeys).where(eq(instanceKeys.name, LEGACY_ROW_NAME));
    const exists = await fs
      .access(file)
      .then(() => true)
      .catch(() => false);
    if (!exists) {
      // The key kept in the database by earlier versions moves out; otherwise a new one.
      const pem = legacy?.privateKeyPem ?? exportPrivateKeyPem(generateKeyPair().privateKey);
      if (legacy && !importPrivateKey(legacy.privateKeyPem).ok)
        return { ok: false, error: "the ledger signing key stored in the database cannot be read" };
      await writeKeyFileExclusive(file, pem.endsWith("\n") ? pem : `${pem}\n`);
    }
    const opened = await readKeyFile(file);
    if (!opened.ok || !legacy) return opened;
    // The row goes only once the file holds the same key (written and fsynced above, or earlier).
    const stored = importPrivateKey(legacy.privateKeyPem);
    if (
      !stored.ok ||
      keyFingerprint(localSigner(stored.key).publicKey) !== keyFingerprint(opened.signer.publicKey)
    ) {
      return {
        ok: false,
        error: `the database holds a ledger signing key other than ${file}; keep the one that signed your evidence and remove the other`,
      };
    }
    await db.delete(instanceKeys).where(eq(instanceKeys.name, LEGACY_ROW_NAME));
    return opened;
  } catch (error) {
    return {
      ok: false,
      error: `ledger signing key file ${file} could not be created (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    };
  }
}
