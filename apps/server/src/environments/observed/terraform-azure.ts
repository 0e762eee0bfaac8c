// Terraform's azurerm backend: the state blob read with a SAS token or the storage account's key
// (never the server's own Azure identity). An account URL with an address for a host, or a host
// with no domain, is path-style (`http://host:port/<account>`), as emulators serve it.
import { isIP } from "node:net";
import {
  AnonymousCredential,
  ContainerClient,
  newPipeline,
  RestError,
  type StoragePipelineOptions,
  StorageSharedKeyCredential,
} from "@azure/storage-blob";
import type { ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import { guardedAgents, refusalOf, urlProblem } from "./egress.ts";
import { parseState, ReadFailure, type ReadObservedOptions, readCapped, tooLarge } from "./read-result.ts";

type AzureSource = Extract<ObservedSource, { kind: "terraform-azure" }>;

const CONTAINER = /^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/;

const REASONS: Record<string, string> = {
  BlobNotFound: "The state blob does not exist in the container (check the blob name)",
  ContainerNotFound: "The container does not exist",
  ResourceNotFound: "The container or the state blob does not exist",
  AuthenticationFailed: "The storage account refused the credential",
  AuthorizationFailure: "The credential may not read the state blob",
  AuthorizationPermissionMismatch: "The credential may not read the state blob",
  NoAuthenticationInformation: "The container is not public: a SAS token or the account key is required",
  InvalidAuthenticationInfo: "The storage account refused the credential",
};

export async function readTerraformAzure(
  source: AzureSource,
  credential: ObservedCredential | null,
  options: ReadObservedOptions & { signal: AbortSignal },
): Promise<unknown> {
  const problem = urlProblem(source.accountUrl, options.policy);
  if (problem) throw new ReadFailure(`The account URL cannot be used: ${problem}`);
  const accountUrl = new URL(source.accountUrl);
  if (accountUrl.search || accountUrl.hash) {
    throw new ReadFailure("The account URL must not have a query; enter a SAS token as the credential");
  }
  if (!CONTAINER.test(source.container))
    throw new ReadFailure("The container name is not a valid Azure container name");

  const base = accountUrl.href.replace(/\/+$/, "");
  const { httpAgent, httpsAgent } = guardedAgents(options.policy);
  const pipelineOptions = {
    retryOptions: { maxTries: 1, tryTimeoutInMs: options.limits.timeoutMs },
    agent: accountUrl.protocol === "https:" ? httpsAgent : httpAgent,
  } as StoragePipelineOptions;
  let container: ContainerClient;
  if (credential && "sasToken" in credential) {
    const url = `${base}/${source.container}?${sasQuery(credential.sasToken)}`;
    container = new ContainerClient(url, newPipeline(new AnonymousCredential(), pipelineOptions));
  } else if (credential && "accountKey" in credential) {
    const key = credential.accountKey.trim();
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key))
      throw new ReadFailure("The account key is not a base64 storage key");
    const shared = new StorageSharedKeyCredential(accountNameOf(accountUrl), key);
    container = new ContainerClient(`${base}/${source.container}`, newPipeline(shared, pipelineOptions));
  } else if (credential === null) {
    // A public container.
    container = new ContainerClient(
      `${base}/${source.container}`,
      newPipeline(new AnonymousCredential(), pipelineOptions),
    );
  } else {
    throw new ReadFailure("An Azure state is read with a SAS token or the storage account key");
  }
  try {
    const download = await container.getBlobClient(source.blob).download(0, undefined, {
      abortSignal: options.signal,
      maxRetryRequests: 0,
    });
    const body = download.readableStreamBody as
      | (NodeJS.ReadableStream & AsyncIterable<Uint8Array>)
      | undefined;
    if ((download.contentLength ?? 0) > options.limits.maxBytes) {
      (body as { destroy?: () => void } | undefined)?.destroy?.();
      throw tooLarge(options.limits);
    }
    if (!body) throw new ReadFailure("The state blob is empty");
    return parseState(await readCapped(body, options.limits));
  } catch (error) {
    if (error instanceof ReadFailure) throw error;
    const refusal = refusalOf(error);
    if (refusal) throw new ReadFailure(`The account URL cannot be used: ${refusal}`);
    if (error instanceof RestError && error.statusCode !== undefined) {
      const reason = (error.code && REASONS[error.code]) ?? statusReason(error.statusCode);
      throw new ReadFailure(reason);
    }
    throw error;
  } finally {
    httpAgent.destroy();
    httpsAgent.destroy();
  }
}

function statusReason(status: number): string {
  if (status === 403 || status === 401) return "The storage account refused the credential";
  if (status === 404) return "The container or the state blob does not exist";
  return `Azure Storage answered HTTP ${status}`;
}

/** The SAS token as a query string (with or without its `?`); it must carry a signature. */
function sasQuery(token: string): string {
  const query = token.trim().replace(/^\?/, "");
  const params = new URLSearchParams(query);
  if (!params.get("sig") || !params.get("sv")) {
    throw new ReadFailure("The SAS token is not valid (it needs sv= and sig=)");
  }
  return params.toString();
}

/** `https://<account>.blob.core.windows.net`, or path-style `http://127.0.0.1:10000/<account>`. */
function accountNameOf(url: URL): string {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const pathStyle = isIP(host) !== 0 || !host.includes(".");
  const name = pathStyle ? (url.pathname.split("/")[1] ?? "") : (host.split(".")[0] ?? "");
  if (!/^[a-z0-9]{3,24}$/.test(name))
    throw new ReadFailure("The account URL does not name a storage account");
  return name;
}
