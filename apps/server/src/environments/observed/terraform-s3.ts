// Terraform's s3 backend: one GetObject with the access key the user gave. Never the server's
// own AWS credentials (environment, instance metadata): a tenant must not read with those.
import { GetObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import { guardedAgents, refusalOf, urlProblem } from "./egress.ts";
import { parseState, ReadFailure, type ReadObservedOptions, readCapped, tooLarge } from "./read-result.ts";

type S3Source = Extract<ObservedSource, { kind: "terraform-s3" }>;

const REGION = /^[a-z0-9-]{2,40}$/;

const REASONS: Record<string, string> = {
  NoSuchKey: "The state object does not exist in the bucket (check the key)",
  NoSuchBucket: "The bucket does not exist",
  AccessDenied: "The access key may not read the state object",
  InvalidAccessKeyId: "The access key was refused (unknown access key id)",
  SignatureDoesNotMatch: "The access key was refused (the secret does not match)",
  InvalidToken: "The access key was refused",
  ExpiredToken: "The access key has expired",
  PermanentRedirect: "The bucket is in another region than the one entered",
  AuthorizationHeaderMalformed: "The bucket is in another region than the one entered",
};

export async function readTerraformS3(
  source: S3Source,
  credential: ObservedCredential | null,
  options: ReadObservedOptions & { signal: AbortSignal },
): Promise<unknown> {
  if (!credential || !("accessKeyId" in credential)) {
    throw new ReadFailure("An access key (id and secret) is required to read an S3 state");
  }
  if (!REGION.test(source.region)) throw new ReadFailure("The region is not a valid AWS region name");
  const endpoint = source.endpoint ?? `https://s3.${source.region}.amazonaws.com`;
  const problem = urlProblem(endpoint, options.policy);
  if (problem) throw new ReadFailure(`The S3 endpoint cannot be used: ${problem}`);

  const { httpAgent, httpsAgent } = guardedAgents(options.policy);
  const client = new S3Client({
    region: source.region,
    ...(source.endpoint ? { endpoint: source.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: credential.accessKeyId, secretAccessKey: credential.secretAccessKey },
    requestHandler: { httpAgent, httpsAgent, connectionTimeout: options.limits.timeoutMs },
    maxAttempts: 1,
  });
  try {
    const output = await client.send(new GetObjectCommand({ Bucket: source.bucket, Key: source.key }), {
      abortSignal: options.signal,
    });
    if ((output.ContentLength ?? 0) > options.limits.maxBytes) {
      (output.Body as { destroy?: () => void } | undefined)?.destroy?.();
      throw tooLarge(options.limits);
    }
    if (!output.Body) throw new ReadFailure("The state object is empty");
    return parseState(await readCapped(output.Body as AsyncIterable<Uint8Array>, options.limits));
  } catch (error) {
    if (error instanceof ReadFailure) throw error;
    const refusal = refusalOf(error);
    if (refusal) throw new ReadFailure(`The S3 endpoint cannot be used: ${refusal}`);
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode;
      throw new ReadFailure(
        REASONS[error.name] ??
          (status === 403
            ? "The access key may not read the state object"
            : `S3 answered HTTP ${status ?? "error"}`),
      );
    }
    throw error;
  } finally {
    client.destroy();
    httpAgent.destroy();
    httpsAgent.destroy();
  }
}
