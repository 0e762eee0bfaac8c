// Encrypts secrets kept in the database (repository access tokens) with AES-256-GCM. The key
// comes from configuration (SECRETS_KEY) or is generated once into the data directory with mode
// 0600. Each ciphertext is bound to a context (the tenant), so a row copied into another tenant
// does not decrypt there.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = "secrets.key";

export interface SecretBox {
  encrypt(plaintext: string, context: string): string;
  /** Undefined when the value was not sealed with this key and context. */
  decrypt(sealed: string, context: string): string | undefined;
}

/** A 32-byte key, base64 or hex; throws a message naming the variable on anything else. */
export function parseSecretsKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error("SECRETS_KEY must be 32 bytes, base64 or hex encoded");
  return key;
}

/** The key file in the data directory, created (0600) on first use. */
export function dataDirectoryKey(dataDir: string): Buffer {
  const file = path.join(path.resolve(dataDir), KEY_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  // A key readable by others is no secret: tighten it rather than go on with it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return parseSecretsKey(readFileSync(file, "utf8").trim());
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("a secret box needs a 32-byte key");
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
    },
    decrypt(sealed, context) {
      const [version, encoded] = sealed.split(":");
      if (version !== VERSION || !encoded) return undefined;
      const bytes = Buffer.from(encoded, "base64");
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return undefined; // another key, another context, or tampered with
      }
    },
  };
}
