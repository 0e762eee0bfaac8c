// A cluster's running objects, listed with the official client through Rampart's own transport:
// every connection checked against the network policy, the answers size-capped and bounded in
// count, the whole read under one deadline. Only the kinds drift is computed on are listed; Secrets
// never are (their data must not leave the cluster).
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  createConfiguration,
  NetworkingV1Api,
  RbacAuthorizationV1Api,
  ResponseContext,
  ServerConfiguration,
  wrapHttpLibrary,
} from "@kubernetes/client-node";
// The generated models' serializer (not re-exported by the package index): turns the client's
// model objects back into the API's JSON.
import { ObjectSerializer } from "@kubernetes/client-node/dist/gen/models/ObjectSerializer.js";
import type { ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import { fetch } from "undici";
import { guardedDispatcher, type TlsSettings, urlProblem } from "./egress.ts";
import { type ClusterAccess, parseKubeconfig } from "./kubeconfig.ts";
import { type ObservedLimits, ReadFailure, type ReadObservedOptions, readCapped } from "./read-result.ts";

type KubernetesSource = Extract<ObservedSource, { kind: "kubernetes" }>;

interface Apis {
  apps: AppsV1Api;
  core: CoreV1Api;
  networking: NetworkingV1Api;
  rbac: RbacAuthorizationV1Api;
}

interface Page {
  items: unknown[];
  metadata?: { _continue?: string };
}

type Lister = (
  apis: Apis,
  namespace: string | null,
  cursor: { limit: number; _continue?: string },
) => Promise<Page>;

/** A kind that is read: its API version and kind as manifests write them, and the client's model. */
interface KindReader {
  apiVersion: string;
  kind: string;
  /** The plural, for messages. */
  plural: string;
  model: string;
  list: Lister;
}

const byNamespace =
  <T extends Page>(
    inNamespace: (
      apis: Apis,
      request: { namespace: string; limit: number; _continue?: string },
    ) => Promise<T>,
    everywhere: (apis: Apis, request: { limit: number; _continue?: string }) => Promise<T>,
  ): Lister =>
  (apis, namespace, cursor) =>
    namespace === null ? everywhere(apis, cursor) : inNamespace(apis, { namespace, ...cursor });

export const KINDS: readonly KindReader[] = [
  {
    apiVersion: "apps/v1",
    kind: "Deployment",
    plural: "deployments",
    model: "V1Deployment",
    list: byNamespace(
      (a, r) => a.apps.listNamespacedDeployment(r),
      (a, r) => a.apps.listDeploymentForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    plural: "statefulsets",
    model: "V1StatefulSet",
    list: byNamespace(
      (a, r) => a.apps.listNamespacedStatefulSet(r),
      (a, r) => a.apps.listStatefulSetForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "apps/v1",
    kind: "DaemonSet",
    plural: "daemonsets",
    model: "V1DaemonSet",
    list: byNamespace(
      (a, r) => a.apps.listNamespacedDaemonSet(r),
      (a, r) => a.apps.listDaemonSetForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "v1",
    kind: "Service",
    plural: "services",
    model: "V1Service",
    list: byNamespace(
      (a, r) => a.core.listNamespacedService(r),
      (a, r) => a.core.listServiceForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "v1",
    kind: "ConfigMap",
    plural: "configmaps",
    model: "V1ConfigMap",
    list: byNamespace(
      (a, r) => a.core.listNamespacedConfigMap(r),
      (a, r) => a.core.listConfigMapForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "v1",
    kind: "ServiceAccount",
    plural: "serviceaccounts",
    model: "V1ServiceAccount",
    list: byNamespace(
      (a, r) => a.core.listNamespacedServiceAccount(r),
      (a, r) => a.core.listServiceAccountForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "networking.k8s.io/v1",
    kind: "Ingress",
    plural: "ingresses",
    model: "V1Ingress",
    list: byNamespace(
      (a, r) => a.networking.listNamespacedIngress(r),
      (a, r) => a.networking.listIngressForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "networking.k8s.io/v1",
    kind: "NetworkPolicy",
    plural: "networkpolicies",
    model: "V1NetworkPolicy",
    list: byNamespace(
      (a, r) => a.networking.listNamespacedNetworkPolicy(r),
      (a, r) => a.networking.listNetworkPolicyForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "Role",
    plural: "roles",
    model: "V1Role",
    list: byNamespace(
      (a, r) => a.rbac.listNamespacedRole(r),
      (a, r) => a.rbac.listRoleForAllNamespaces(r),
    ),
  },
  {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "RoleBinding",
    plural: "rolebindings",
    model: "V1RoleBinding",
    list: byNamespace(
      (a, r) => a.rbac.listNamespacedRoleBinding(r),
      (a, r) => a.rbac.listRoleBindingForAllNamespaces(r),
    ),
  },
];

const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const PAGE_SIZE = 250;

export async function readKubernetes(
  source: KubernetesSource,
  credential: ObservedCredential | null,
  options: ReadObservedOptions & { signal: AbortSignal },
): Promise<unknown[]> {
  const access = accessOf(credential);
  const server = source.server ?? access.server;
  if (!server) throw new ReadFailure("No API server address: enter one, or use a kubeconfig that has one");
  const problem = urlProblem(server, options.policy);
  if (problem) throw new ReadFailure(`The API server cannot be used: ${problem}`);
  for (const namespace of source.namespaces) {
    if (!NAMESPACE.test(namespace)) throw new ReadFailure(`"${namespace}" is not a valid namespace name`);
  }

  const tls: TlsSettings = { rejectUnauthorized: !access.skipTlsVerify };
  if (access.ca) tls.ca = access.ca;
  if (access.cert && access.key) Object.assign(tls, { cert: access.cert, key: access.key });
  if (access.tlsServerName) tls.servername = access.tlsServerName;
  const dispatcher = guardedDispatcher(options.policy, tls);
  const budget = { bytes: options.limits.maxBytes };

  const httpApi = wrapHttpLibrary({
    async send(request) {
      const response = await fetch(request.getUrl(), {
        method: request.getHttpMethod().toString(),
        headers: request.getHeaders(),
        dispatcher,
        redirect: "manual",
        signal: options.signal,
      });
      // The budget is for the whole read: every page counts against it.
      const bytes = response.body
        ? await readCapped(response.body, { ...options.limits, maxBytes: budget.bytes }).catch(
            (error: unknown) => {
              throw error instanceof ReadFailure ? clusterTooLarge(options.limits) : error;
            },
          )
        : Buffer.alloc(0);
      budget.bytes -= bytes.length;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return new ResponseContext(response.status, headers, {
        text: async () => bytes.toString("utf8"),
        binary: async () => bytes,
        stream: () => null,
      });
    },
  });
  const authentication = {
    getName: () => "rampart-observed",
    applySecurityAuthentication(context: { setHeaderParam(key: string, value: string): void }) {
      if (access.token) context.setHeaderParam("Authorization", `Bearer ${access.token}`);
      else if (access.basic) {
        const pair = Buffer.from(`${access.basic.username}:${access.basic.password}`).toString("base64");
        context.setHeaderParam("Authorization", `Basic ${pair}`);
      }
    },
  };
  const configuration = createConfiguration({
    baseServer: new ServerConfiguration(server.replace(/\/+$/, ""), {}),
    httpApi,
    authMethods: { default: authentication },
  });
  const apis: Apis = {
    apps: new AppsV1Api(configuration),
    core: new CoreV1Api(configuration),
    networking: new NetworkingV1Api(configuration),
    rbac: new RbacAuthorizationV1Api(configuration),
  };

  const objects: unknown[] = [];
  const scopes: (string | null)[] = source.namespaces.length > 0 ? [...new Set(source.namespaces)] : [null];
  try {
    for (const reader of KINDS) {
      for (const namespace of scopes) {
        await listAll(reader, apis, namespace, objects, options.limits);
      }
    }
  } finally {
    void dispatcher.close();
  }
  return objects;
}

async function listAll(
  reader: KindReader,
  apis: Apis,
  namespace: string | null,
  into: unknown[],
  limits: ObservedLimits,
): Promise<void> {
  let cursor: string | undefined;
  do {
    let page: Page;
    try {
      page = await reader.list(apis, namespace, {
        limit: PAGE_SIZE,
        ...(cursor ? { _continue: cursor } : {}),
      });
    } catch (error) {
      if (error instanceof ApiException) {
        // 404: this API group is not served by the cluster (an older or trimmed one): nothing to read.
        if (error.code === 404) return;
        throw new ReadFailure(apiReason(error.code, reader, namespace));
      }
      throw error;
    }
    for (const item of page.items) {
      if (into.length >= limits.maxObjects) {
        throw new ReadFailure(
          `The cluster has more than ${limits.maxObjects} objects of the kinds read; narrow the namespaces`,
        );
      }
      into.push(plainObject(reader, item));
    }
    cursor = page.metadata?._continue || undefined;
  } while (cursor);
}

/** The object as the API serves it (the client's models turned back into JSON), with its type. */
function plainObject(reader: KindReader, item: unknown): Record<string, unknown> {
  const json = ObjectSerializer.serialize(item, reader.model, "") as Record<string, unknown>;
  const metadata = json.metadata as Record<string, unknown> | undefined;
  // Bookkeeping of server-side apply: large, and not configuration.
  if (metadata) delete metadata.managedFields;
  return { ...json, apiVersion: reader.apiVersion, kind: reader.kind };
}

function apiReason(status: number, reader: KindReader, namespace: string | null): string {
  const where = namespace === null ? "across all namespaces" : `in namespace "${namespace}"`;
  switch (status) {
    case 401:
      return "The cluster refused the credential";
    case 403:
      return `The credential may not list ${reader.plural} ${where} (it needs get and list on them)`;
    default:
      return `The API server answered HTTP ${status} when listing ${reader.plural}`;
  }
}

function clusterTooLarge(limits: ObservedLimits) {
  return new ReadFailure(
    `The cluster's objects add up to more than ${Math.round(limits.maxBytes / (1024 * 1024))} MB; narrow the namespaces`,
  );
}

function accessOf(credential: ObservedCredential | null): ClusterAccess {
  if (credential === null) return { server: undefined, skipTlsVerify: false };
  if ("token" in credential)
    return { server: undefined, skipTlsVerify: false, token: credential.token.trim() };
  if ("kubeconfig" in credential) return parseKubeconfig(credential.kubeconfig);
  throw new ReadFailure("A cluster is read with a bearer token or a kubeconfig");
}
