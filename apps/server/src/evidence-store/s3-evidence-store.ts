// The evidence store in an S3-compatible bucket (AWS S3, MinIO, Ceph…): the same content keys as
// the files store, credentials from the SDK's default chain (environment, profile, instance role).
// An object is written only if absent, and every read is checked against the hash in its key.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { checkedBytes, contentKey, type EvidenceStore, isContentKey, sha256Hex } from "./evidence-store.ts";

export interface S3EvidenceStoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services; unset: AWS. */
  endpoint?: string | undefined;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted services). */
  forcePathStyle?: boolean | undefined;
  /** Objects go under this prefix (`evidence/`), so the bucket may hold other things. */
  prefix?: string;
  /** Tests and callers with their own client. */
  client?: S3Client;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

export function createS3EvidenceStore(options: S3EvidenceStoreOptions): EvidenceStore {
  const client =
    options.client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.forcePathStyle ? { forcePathStyle: true } : {}),
    });
  const prefix = options.prefix ?? "evidence/";
  const objectKey = (key: string) => `${prefix}${contentKey(key.slice(key.lastIndexOf("/") + 1))}`;

  return {
    storage: "s3",
    async put(bytes, sha256) {
      if (sha256Hex(bytes) !== sha256) throw new Error("evidence store: bytes do not match the given hash");
      const key = contentKey(sha256);
      const exists = await client
        .send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }))
        .then(
          () => true,
          (error: unknown) => {
            if (isMissing(error)) return false;
            throw error;
          },
        );
      if (!exists) {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: objectKey(key),
            Body: bytes,
            ContentType: "application/octet-stream",
            // The service checks the upload against this digest too (AWS and most compatibles).
            ChecksumSHA256: Buffer.from(sha256, "hex").toString("base64"),
          }),
        );
      }
      return { storage: "s3", key };
    },
    async get(file) {
      if (file.storage !== "s3") throw new Error(`evidence store: a ${file.storage} file in the s3 store`);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(file.key) }),
        );
        if (!object.Body) return null;
        return checkedBytes(Buffer.from(await object.Body.transformToByteArray()), file.key);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(file) {
      if (file.storage !== "s3") throw new Error(`evidence store: a ${file.storage} file in the S3 store`);
      // Deleting an absent object succeeds in S3.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(file.key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? "";
          if (object.Key?.startsWith(prefix) && isContentKey(key))
            yield { file: { storage: "s3" as const, key }, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
