// Local fakes of the places an environment's observed state is read from, each speaking the real
// protocol closely enough for the official clients: Terraform's HTTP backend (GET with basic
// auth), S3 GetObject (Signature Version 4 recomputed), a Kubernetes API server (list endpoints with bearer tokens, RBAC refusals and `limit` /
// `continue` paging), Google Cloud Storage's JSON API (self-signed service-account JWTs, checked
// against the account's public key), and Azure Blob storage (Shared Key signatures and SAS tokens,
// checked by recomputing the HMAC).
import { createHash, createHmac, createPublicKey, createVerify, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { CRC32C } from "@google-cloud/storage";

async function listen(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
};

// ---------------------------------------------------------------------------------------------
// Terraform HTTP backend

export interface FakeStateServerOptions {
  /** Path -> state body (a string, served as is). */
  states: Map<string, string>;
  username?: string;
  password?: string;
}

export async function startFakeStateServer(options: FakeStateServerOptions) {
  const requests: { path: string; authorization: string | undefined }[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    requests.push({ path, authorization: request.headers.authorization });
    if (request.method !== "GET") return json(response, 405, { error: "method" });
    if (options.username !== undefined || options.password !== undefined) {
      const expected = `Basic ${Buffer.from(`${options.username ?? ""}:${options.password ?? ""}`).toString("base64")}`;
      if (request.headers.authorization !== expected) {
        response.writeHead(401, { "www-authenticate": 'Basic realm="state"' });
        return response.end();
      }
    }
    if (path === "/redirect") {
      response.writeHead(302, { location: "/elsewhere" });
      return response.end();
    }
    const state = options.states.get(path);
    if (state === undefined) {
      response.writeHead(204);
      return response.end();
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(state);
  });
  return { ...(await listen(server)), requests };
}

// ---------------------------------------------------------------------------------------------
// Kubernetes API server

/** Where each list lives: the kind's group path and resource name. */
const KUBE_RESOURCES: Record<string, { prefix: string; resource: string }> = {
  Deployment: { prefix: "/apis/apps/v1", resource: "deployments" },
  StatefulSet: { prefix: "/apis/apps/v1", resource: "statefulsets" },
  DaemonSet: { prefix: "/apis/apps/v1", resource: "daemonsets" },
  Service: { prefix: "/api/v1", resource: "services" },
  ConfigMap: { prefix: "/api/v1", resource: "configmaps" },
  ServiceAccount: { prefix: "/api/v1", resource: "serviceaccounts" },
  Secret: { prefix: "/api/v1", resource: "secrets" },
  Ingress: { prefix: "/apis/networking.k8s.io/v1", resource: "ingresses" },
  NetworkPolicy: { prefix: "/apis/networking.k8s.io/v1", resource: "networkpolicies" },
  Role: { prefix: "/apis/rbac.authorization.k8s.io/v1", resource: "roles" },
  RoleBinding: { prefix: "/apis/rbac.authorization.k8s.io/v1", resource: "rolebindings" },
};

export interface FakeKubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface FakeApiServerOptions {
  token: string;
  objects: FakeKubeObject[];
  /** `namespace/resource` pairs the token may not list (403, as RBAC answers). */
  forbidden?: string[];
  /** API groups the server does not serve (404), e.g. `/apis/networking.k8s.io/v1`. */
  unserved?: string[];
}

export async function startFakeApiServer(options: FakeApiServerOptions) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    requests.push(`${url.pathname}${url.search}`);
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return json(response, 401, {
        kind: "Status",
        apiVersion: "v1",
        status: "Failure",
        message: "Unauthorized",
        reason: "Unauthorized",
        code: 401,
      });
    }
    const match = /^(\/api\/v1|\/apis\/[^/]+\/v1)(?:\/namespaces\/([^/]+))?\/([a-z]+)$/.exec(url.pathname);
    if (!match || options.unserved?.includes(match[1]!)) {
      return json(response, 404, {
        kind: "Status",
        apiVersion: "v1",
        status: "Failure",
        message: "the server could not find the requested resource",
        reason: "NotFound",
        code: 404,
      });
    }
    const [, prefix, namespace, resource] = match;
    const kind = Object.entries(KUBE_RESOURCES).find(
      ([, where]) => where.prefix === prefix && where.resource === resource,
    )?.[0];
    if (!kind) return json(response, 404, { kind: "Status", code: 404 });
    if (options.forbidden?.includes(`${namespace ?? "*"}/${resource}`)) {
      return json(response, 403, {
        kind: "Status",
        apiVersion: "v1",
        status: "Failure",
        message: `${resource} is forbidden: User "system:serviceaccount:x:reader" cannot list resource "${resource}"`,
        reason: "Forbidden",
        code: 403,
      });
    }
    const matching = options.objects.filter(
      (object) =>
        object.kind === kind && (namespace === undefined || object.metadata.namespace === namespace),
    );
    const limit = Number(url.searchParams.get("limit") ?? "0") || matching.length;
    const start = Number(url.searchParams.get("continue") ?? "0");
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : undefined;
    json(response, 200, {
      kind: `${kind}List`,
      apiVersion: prefix === "/api/v1" ? "v1" : prefix!.slice("/apis/".length),
      metadata: { resourceVersion: "100", ...(next ? { continue: next } : {}) },
      // The API leaves apiVersion and kind out of list items.
      items: page.map(({ apiVersion: _a, kind: _k, ...rest }) => rest),
    });
  });
  return { ...(await listen(server)), requests };
}

// ---------------------------------------------------------------------------------------------
// Google Cloud Storage (JSON API)

export interface FakeGcsOptions {
  /** client_email -> the service account's public key (PEM). */
  accounts: Map<string, string>;
  /** `bucket/object` -> content. */
  objects: Map<string, string>;
  /** client_emails that may authenticate but not read objects (403). */
  readonly?: string[];
}

function verifyJwt(token: string, keys: Map<string, KeyObject>): Record<string, unknown> | undefined {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return undefined;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const key = keys.get(String(claims.iss));
  if (!key) return undefined;
  const verifier = createVerify("RSA-SHA256");
  verifier.update(`${header}.${payload}`);
  if (!verifier.verify(key, Buffer.from(signature, "base64url"))) return undefined;
  if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now()) return undefined;
  return claims;
}

export async function startFakeGcs(options: FakeGcsOptions) {
  const keys = new Map([...options.accounts].map(([email, pem]) => [email, createPublicKey(pem)]));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const claims = verifyJwt((request.headers.authorization ?? "").replace(/^Bearer /, ""), keys);
    if (!claims || !String(claims.scope ?? "").includes("devstorage")) {
      return json(response, 401, {
        error: { code: 401, message: "Invalid Credentials", errors: [{ reason: "authError" }] },
      });
    }
    const match = /^\/(?:download\/)?storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
    if (!match) return json(response, 404, { error: { code: 404, message: "Not Found" } });
    const bucket = decodeURIComponent(match[1]!);
    const name = decodeURIComponent(match[2]!);
    if (options.readonly?.includes(String(claims.iss))) {
      return json(response, 403, {
        error: { code: 403, message: `${claims.iss} does not have storage.objects.get access` },
      });
    }
    const content = options.objects.get(`${bucket}/${name}`);
    if (content === undefined) {
      return json(response, 404, { error: { code: 404, message: `No such object: ${bucket}/${name}` } });
    }
    const body = Buffer.from(content);
    const md5 = createHash("md5").update(body).digest("base64");
    const crc = new CRC32C();
    crc.update(body);
    const crc32c = crc.toString();
    if (url.searchParams.get("alt") === "media") {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": String(body.length),
        "x-goog-hash": `crc32c=${crc32c},md5=${md5}`,
        "x-goog-stored-content-encoding": "identity",
      });
      return response.end(body);
    }
    json(response, 200, {
      kind: "storage#object",
      id: `${bucket}/${name}/1`,
      name,
      bucket,
      generation: "1",
      size: String(body.length),
      md5Hash: md5,
      crc32c,
      contentType: "application/json",
    });
  });
  return listen(server);
}

// ---------------------------------------------------------------------------------------------
// Azure Blob storage

export interface FakeAzureOptions {
  account: string;
  /** The account key (base64). */
  accountKey: string;
  /** `container/blob` -> content. */
  blobs: Map<string, string>;
}

function sharedKeySignature(request: IncomingMessage, account: string, key: string): string {
  const headers = request.headers;
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(",") : (value ?? "");
  };
  const contentLength = header("content-length") === "0" ? "" : header("content-length");
  const canonicalHeaders = Object.keys(headers)
    .filter((name) => name.startsWith("x-ms-"))
    .sort()
    .map((name) => `${name}:${header(name).trim()}\n`)
    .join("");
  const url = new URL(request.url ?? "/", "http://x");
  // Path-style (emulator) addressing: the path already starts with the account name.
  let resource = `/${account}${url.pathname}`;
  const params = [...url.searchParams.keys()].map((name) => name.toLowerCase()).sort();
  for (const name of new Set(params)) {
    resource += `\n${name}:${url.searchParams.getAll(name).sort().join(",")}`;
  }
  const stringToSign = [
    request.method,
    header("content-encoding"),
    header("content-language"),
    contentLength,
    header("content-md5"),
    header("content-type"),
    header("date"),
    header("if-modified-since"),
    header("if-match"),
    header("if-none-match"),
    header("if-unmodified-since"),
    header("range"),
  ].join("\n");
  return createHmac("sha256", Buffer.from(key, "base64"))
    .update(`${stringToSign}\n${canonicalHeaders}${resource}`, "utf8")
    .digest("base64");
}

/** A service SAS's signature for a blob or container resource (signed version 2020-12-06 and later). */
export function serviceSasSignature(
  params: URLSearchParams,
  account: string,
  container: string,
  key: string,
): string {
  const get = (name: string) => params.get(name) ?? "";
  const stringToSign = [
    get("sp"),
    get("st"),
    get("se"),
    `/blob/${account}/${container}`,
    get("si"),
    get("sip"),
    get("spr"),
    get("sv"),
    get("sr"),
    "",
    get("ses"),
    get("rscc"),
    get("rscd"),
    get("rsce"),
    get("rscl"),
    get("rsct"),
  ].join("\n");
  return createHmac("sha256", Buffer.from(key, "base64")).update(stringToSign, "utf8").digest("base64");
}

export async function startFakeAzure(options: FakeAzureOptions) {
  const error = (response: ServerResponse, status: number, code: string) => {
    response.writeHead(status, { "content-type": "application/xml", "x-ms-error-code": code });
    response.end(
      `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>fake</Message></Error>`,
    );
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const [, account, container, ...rest] = url.pathname.split("/");
    if (account !== options.account) return error(response, 400, "InvalidUri");
    const authorization = request.headers.authorization;
    if (authorization) {
      const expected = `SharedKey ${options.account}:${sharedKeySignature(request, options.account, options.accountKey)}`;
      if (authorization !== expected) return error(response, 403, "AuthenticationFailed");
    } else if (url.searchParams.get("sig")) {
      const expected = serviceSasSignature(
        url.searchParams,
        options.account,
        container ?? "",
        options.accountKey,
      );
      if (url.searchParams.get("sig") !== expected || !url.searchParams.get("sp")?.includes("r")) {
        return error(response, 403, "AuthenticationFailed");
      }
    } else {
      return error(response, 404, "ResourceNotFound");
    }
    const blob = rest.map(decodeURIComponent).join("/");
    const content = options.blobs.get(`${container}/${blob}`);
    if (![...options.blobs.keys()].some((key) => key.startsWith(`${container}/`))) {
      return error(response, 404, "ContainerNotFound");
    }
    if (content === undefined) return error(response, 404, "BlobNotFound");
    const body = Buffer.from(content);
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": String(body.length),
      "x-ms-blob-type": "BlockBlob",
      "x-ms-version": String(request.headers["x-ms-version"] ?? "2025-01-05"),
      etag: '"0x1"',
      "last-modified": new Date(0).toUTCString(),
    });
    response.end(body);
  });
  return listen(server);
}

// ---------------------------------------------------------------------------------------------
// S3 (GetObject, path-style), verifying AWS Signature Version 4 as S3 does

export interface FakeS3Options {
  /** Access key id -> secret. */
  keys: Map<string, string>;
  /** `bucket/key` -> content. */
  objects: Map<string, string>;
}

function sigV4Signature(
  request: IncomingMessage,
  secret: string,
  scope: string[],
  signedHeaders: string[],
): string {
  const [date, region, service] = scope;
  const raw = request.url ?? "/";
  const [pathPart, queryPart = ""] = raw.split("?", 2) as [string, string?];
  const query = queryPart
    .split("&")
    .filter(Boolean)
    .map((pair) => (pair.includes("=") ? pair : `${pair}=`))
    .sort()
    .join("&");
  const headerValue = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ");
  };
  const canonical = [
    request.method,
    pathPart,
    query,
    signedHeaders.map((name) => `${name}:${headerValue(name)}\n`).join(""),
    signedHeaders.join(";"),
    headerValue("x-amz-content-sha256") || createHash("sha256").update("").digest("hex"),
  ].join("\n");
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    headerValue("x-amz-date"),
    scope.join("/"),
    createHash("sha256").update(canonical).digest("hex"),
  ].join("\n");
  const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), "aws4_request");
  return createHmac("sha256", signingKey).update(stringToSign).digest("hex");
}

export async function startFakeS3(options: FakeS3Options) {
  const error = (response: ServerResponse, status: number, code: string) => {
    response.writeHead(status, { "content-type": "application/xml" });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>fake</Message><RequestId>1</RequestId></Error>`,
    );
  };
  const server = createServer((request, response) => {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
        request.headers.authorization ?? "",
      );
    if (!match) return error(response, 403, "AccessDenied");
    const [, accessKeyId, scope, signedHeaders, signature] = match;
    const secret = options.keys.get(accessKeyId!);
    if (!secret) return error(response, 403, "InvalidAccessKeyId");
    if (sigV4Signature(request, secret, scope!.split("/"), signedHeaders!.split(";")) !== signature) {
      return error(response, 403, "SignatureDoesNotMatch");
    }
    if (request.method !== "GET") return error(response, 405, "MethodNotAllowed");
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname.slice(1));
    const [bucket] = path.split("/", 1);
    if (![...options.objects.keys()].some((key) => key.startsWith(`${bucket}/`)))
      return error(response, 404, "NoSuchBucket");
    const content = options.objects.get(path);
    if (content === undefined) return error(response, 404, "NoSuchKey");
    const body = Buffer.from(content);
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": String(body.length),
      etag: '"1"',
    });
    response.end(body);
  });
  return listen(server);
}
