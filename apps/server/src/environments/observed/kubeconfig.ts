// A user's kubeconfig, reduced to what a read needs: the current context's server, CA, and an
// inline credential. It is parsed here, not with the client library's loader, because that loader
// reads `token-file` from the server's disk while parsing; and everything that would run a command
// (exec plugins, auth providers), read a file (certificate-authority, client-certificate,
// client-key, token-file) or go through a proxy is refused with the reason.
import { parse } from "yaml";
import { ReadFailure } from "./read-result.ts";

export interface ClusterAccess {
  server: string | undefined;
  /** PEM, decoded from certificate-authority-data. */
  ca?: string;
  skipTlsVerify: boolean;
  tlsServerName?: string;
  token?: string;
  basic?: { username: string; password: string };
  /** PEM client certificate and key, decoded from client-*-data. */
  cert?: string;
  key?: string;
}

type Named = { name?: unknown; [key: string]: unknown };

const REFUSED_USER_FIELDS: Record<string, string> = {
  exec: "runs a command (an exec plugin); use a service-account token instead",
  "auth-provider": "uses an auth provider; use a service-account token instead",
  "token-file": "reads the token from a file; paste the token itself",
  "client-certificate": "reads the client certificate from a file; use client-certificate-data",
  "client-key": "reads the client key from a file; use client-key-data",
};

const REFUSED_CLUSTER_FIELDS: Record<string, string> = {
  "certificate-authority": "reads the CA from a file; use certificate-authority-data",
  "proxy-url": "goes through a proxy, which is not supported",
};

export function parseKubeconfig(text: string): ClusterAccess {
  let document: unknown;
  try {
    document = parse(text, { maxAliasCount: 50, prettyErrors: false });
  } catch {
    throw new ReadFailure("The kubeconfig is not valid YAML");
  }
  if (!document || typeof document !== "object") throw new ReadFailure("The kubeconfig is empty");
  const config = document as Record<string, unknown>;
  const contextName = config["current-context"];
  if (typeof contextName !== "string" || !contextName) {
    throw new ReadFailure("The kubeconfig has no current-context");
  }
  const context = entry(config.contexts, contextName, "context")?.context as
    | Record<string, unknown>
    | undefined;
  if (!context || typeof context.cluster !== "string") {
    throw new ReadFailure(`The kubeconfig's context "${contextName}" names no cluster`);
  }
  const cluster = entry(config.clusters, context.cluster, "cluster")?.cluster as
    | Record<string, unknown>
    | undefined;
  if (!cluster) throw new ReadFailure(`The kubeconfig has no cluster "${context.cluster}"`);
  const user =
    typeof context.user === "string"
      ? ((entry(config.users, context.user, "user")?.user as Record<string, unknown> | undefined) ?? {})
      : {};

  for (const [field, why] of Object.entries(REFUSED_CLUSTER_FIELDS)) {
    if (cluster[field] !== undefined) throw new ReadFailure(`The kubeconfig's cluster ${why}`);
  }
  for (const [field, why] of Object.entries(REFUSED_USER_FIELDS)) {
    if (user[field] !== undefined) throw new ReadFailure(`The kubeconfig's user ${why}`);
  }
  const access: ClusterAccess = {
    server: optionalString(cluster.server, "server"),
    skipTlsVerify: cluster["insecure-skip-tls-verify"] === true,
  };
  const ca = optionalString(cluster["certificate-authority-data"], "certificate-authority-data");
  if (ca) access.ca = pem(ca, "certificate-authority-data");
  const serverName = optionalString(cluster["tls-server-name"], "tls-server-name");
  if (serverName) access.tlsServerName = serverName;
  const token = optionalString(user.token, "token");
  if (token) access.token = token;
  const username = optionalString(user.username, "username");
  const password = optionalString(user.password, "password");
  if (username && password) access.basic = { username, password };
  const cert = optionalString(user["client-certificate-data"], "client-certificate-data");
  const key = optionalString(user["client-key-data"], "client-key-data");
  if (cert && key) {
    access.cert = pem(cert, "client-certificate-data");
    access.key = pem(key, "client-key-data");
  } else if (cert || key) {
    throw new ReadFailure("The kubeconfig's user has a client certificate without its key, or the reverse");
  }
  return access;
}

function entry(list: unknown, name: string, what: string): Named | undefined {
  if (!Array.isArray(list)) throw new ReadFailure(`The kubeconfig has no ${what}s list`);
  return (list as Named[]).find((item) => item && typeof item === "object" && item.name === name);
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ReadFailure(`The kubeconfig's ${field} is not a string`);
  return value;
}

function pem(base64: string, field: string): string {
  const text = Buffer.from(base64, "base64").toString("utf8");
  if (!text.includes("-----BEGIN ")) throw new ReadFailure(`The kubeconfig's ${field} is not base64 PEM`);
  return text;
}
