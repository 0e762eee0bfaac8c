// readObserved against local fakes that speak each backend's protocol: the state (or the
// cluster's objects) comes back parsed; a wrong credential, a missing object, an oversized state
// and an internal address the policy does not allow each come back as a reason in words.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { createNetworkPolicy } from "@rampart/checkout";
import type { ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  serviceSasSignature,
  startFakeApiServer,
  startFakeAzure,
  startFakeGcs,
  startFakeS3,
  startFakeStateServer,
} from "../../../test/fake-observed-servers.ts";
import { readObserved } from "./index.ts";

// Tests allow 127.0.0.1 the way a self-hosted install allows its own servers.
const policy = createNetworkPolicy({ protocols: ["https", "http"], allowInternal: ["127.0.0.1"] });
const strictPolicy = createNetworkPolicy({ protocols: ["https", "http"] });
const limits = { maxBytes: 64 * 1024, timeoutMs: 10_000, maxObjects: 100 };

const state = (serial: number) =>
  JSON.stringify({
    version: 4,
    terraform_version: "1.9.0",
    serial,
    lineage: "3f1c",
    outputs: {},
    resources: [
      {
        mode: "managed",
        type: "aws_s3_bucket",
        name: "logs",
        provider: 'provider["registry.terraform.io/hashicorp/aws"]',
        instances: [
          { index_key: "eu", schema_version: 0, attributes: { bucket: "logs-eu", acl: "public-read" } },
        ],
      },
    ],
  });

const read = (
  source: ObservedSource,
  credential: ObservedCredential | null,
  options: Partial<Parameters<typeof readObserved>[2]> = {},
) => readObserved(source, credential, { limits, policy, ...options });

describe("Terraform HTTP backend", () => {
  let server: Awaited<ReturnType<typeof startFakeStateServer>>;
  beforeAll(async () => {
    server = await startFakeStateServer({
      states: new Map([
        ["/state/prod", state(7)],
        ["/state/broken", "{not json"],
        ["/state/huge", JSON.stringify({ version: 4, padding: "x".repeat(100_000) })],
      ]),
      username: "ci",
      password: "s3cret",
    });
  });
  afterAll(() => server.close());

  const source = (address: string, username = "ci"): ObservedSource => ({
    kind: "terraform-http",
    address,
    username,
  });

  it("reads the state with basic auth", async () => {
    const result = await read(source(`${server.url}/state/prod`), { password: "s3cret" });
    expect(result).toMatchObject({ ok: true, kind: "terraform", state: { version: 4, serial: 7 } });
    expect(server.requests.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from("ci:s3cret").toString("base64")}`,
    );
  });

  it("says the credentials were refused", async () => {
    expect(await read(source(`${server.url}/state/prod`), { password: "wrong" })).toEqual({
      ok: false,
      reason: "The state server refused the credentials",
    });
  });

  it("says when there is no state, the body is not JSON, or it is too large", async () => {
    expect(await read(source(`${server.url}/state/none`), { password: "s3cret" })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("no state"),
    });
    expect(await read(source(`${server.url}/state/broken`), { password: "s3cret" })).toEqual({
      ok: false,
      reason: "The state is not valid JSON",
    });
    expect(await read(source(`${server.url}/state/huge`), { password: "s3cret" })).toEqual({
      ok: false,
      reason: "The state is larger than the limit of 64 KB",
    });
  });

  it("does not follow redirects", async () => {
    expect(await read(source(`${server.url}/redirect`), { password: "s3cret" })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("redirect"),
    });
  });

  it("refuses internal addresses the policy does not allow, without connecting", async () => {
    const before = server.requests.length;
    const literal = await read(
      source(`${server.url}/state/prod`),
      { password: "s3cret" },
      { policy: strictPolicy },
    );
    expect(literal).toEqual({
      ok: false,
      reason: "The state address cannot be read: refused by policy: the host is a loopback address",
    });
    // A name that resolves to loopback is refused when the socket connects.
    const named = createNetworkPolicy({ protocols: ["https", "http"], lookup: async () => ["127.0.0.1"] });
    const port = new URL(server.url).port;
    const byName = await read(
      source(`http://state.example.test:${port}/state/prod`),
      { password: "s3cret" },
      { policy: named },
    );
    expect(byName).toEqual({
      ok: false,
      reason: "The state server cannot be used: refused by policy: the host resolves to a loopback address",
    });
    expect(server.requests.length).toBe(before);
  });

  it("refuses plain http unless the server allows it, and says when nothing listens", async () => {
    const httpsOnly = createNetworkPolicy({ allowInternal: ["127.0.0.1"] });
    expect(await read(source(`${server.url}/state/prod`), null, { policy: httpsOnly })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("plain http:// is not allowed"),
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    expect(await read(source(`http://127.0.0.1:${port}/state`), null)).toEqual({
      ok: false,
      reason: "The state server could not be reached",
    });
  });
});

describe("Terraform S3 backend", () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let endpoint: string;
  const valid = { accessKeyId: "AKIAFAKE", secretAccessKey: "fake-secret" };
  beforeAll(async () => {
    s3 = await startFakeS3({
      keys: new Map([[valid.accessKeyId, valid.secretAccessKey]]),
      objects: new Map([
        ["tfstate/prod/terraform.tfstate", state(3)],
        ["tfstate/huge.tfstate", "x".repeat(100_000)],
      ]),
    });
    endpoint = s3.url;
  });
  afterAll(() => s3.close());

  const source = (key: string, bucket = "tfstate"): ObservedSource => ({
    kind: "terraform-s3",
    bucket,
    key,
    region: "us-east-1",
    endpoint,
  });

  it("reads the state object", async () => {
    expect(await read(source("prod/terraform.tfstate"), valid)).toMatchObject({
      ok: true,
      state: { serial: 3 },
    });
  });

  it("says the access key was refused, or the object is missing", async () => {
    expect(await read(source("prod/terraform.tfstate"), { ...valid, secretAccessKey: "wrong" })).toEqual({
      ok: false,
      reason: "The access key was refused (the secret does not match)",
    });
    expect(
      await read(source("prod/terraform.tfstate"), { accessKeyId: "NOPE", secretAccessKey: "fake-secret" }),
    ).toEqual({
      ok: false,
      reason: "The access key was refused (unknown access key id)",
    });
    expect(await read(source("missing.tfstate"), valid)).toEqual({
      ok: false,
      reason: "The state object does not exist in the bucket (check the key)",
    });
    expect(await read(source("x", "no-such-bucket"), valid)).toEqual({
      ok: false,
      reason: "The bucket does not exist",
    });
  });

  it("never falls back to the server's own AWS credentials, and caps the size", async () => {
    expect(await read(source("prod/terraform.tfstate"), null)).toEqual({
      ok: false,
      reason: "An access key (id and secret) is required to read an S3 state",
    });
    expect(await read(source("huge.tfstate"), valid)).toEqual({
      ok: false,
      reason: "The state is larger than the limit of 64 KB",
    });
  });

  it("refuses an internal endpoint the policy does not allow", async () => {
    expect(await read(source("prod/terraform.tfstate"), valid, { policy: strictPolicy })).toEqual({
      ok: false,
      reason: "The S3 endpoint cannot be used: refused by policy: the host is a loopback address",
    });
  });
});

describe("Terraform GCS backend", () => {
  const account = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = (key: typeof account.privateKey) => key.export({ type: "pkcs8", format: "pem" }).toString();
  const email = "reader@project.iam.gserviceaccount.com";
  const keyJson = (privateKey = account.privateKey, clientEmail = email) =>
    JSON.stringify({
      type: "service_account",
      project_id: "project",
      private_key_id: "k1",
      private_key: pem(privateKey),
      client_email: clientEmail,
      // Never followed: the key signs its own token.
      token_uri: "http://169.254.169.254/token",
    });
  let gcs: Awaited<ReturnType<typeof startFakeGcs>>;
  beforeAll(async () => {
    gcs = await startFakeGcs({
      accounts: new Map([
        [email, account.publicKey.export({ type: "spki", format: "pem" }).toString()],
        [
          "lister@project.iam.gserviceaccount.com",
          other.publicKey.export({ type: "spki", format: "pem" }).toString(),
        ],
      ]),
      objects: new Map([["tf-state/env/prod.tfstate", state(11)]]),
      readonly: ["lister@project.iam.gserviceaccount.com"],
    });
  });
  afterAll(() => gcs.close());

  const source = (object: string): ObservedSource => ({ kind: "terraform-gcs", bucket: "tf-state", object });

  it("reads the state object with a service-account key", async () => {
    const result = await read(
      source("env/prod.tfstate"),
      { serviceAccountJson: keyJson() },
      { gcsEndpoint: gcs.url },
    );
    expect(result).toMatchObject({ ok: true, kind: "terraform", state: { serial: 11 } });
  });

  it("says the key was refused, may not read, or the object is missing", async () => {
    expect(
      await read(
        source("env/prod.tfstate"),
        { serviceAccountJson: keyJson(other.privateKey) },
        { gcsEndpoint: gcs.url },
      ),
    ).toEqual({
      ok: false,
      reason: "The service account key was refused",
    });
    expect(
      await read(
        source("env/prod.tfstate"),
        { serviceAccountJson: keyJson(other.privateKey, "lister@project.iam.gserviceaccount.com") },
        { gcsEndpoint: gcs.url },
      ),
    ).toEqual({
      ok: false,
      reason: "The service account may not read the state object (it needs storage.objects.get)",
    });
    expect(
      await read(source("env/dev.tfstate"), { serviceAccountJson: keyJson() }, { gcsEndpoint: gcs.url }),
    ).toEqual({
      ok: false,
      reason: "The state object or its bucket does not exist",
    });
  });

  it("checks the key before any request", async () => {
    expect(await read(source("a"), { serviceAccountJson: "{" }, { gcsEndpoint: gcs.url })).toEqual({
      ok: false,
      reason: "The service account key is not valid JSON",
    });
    const broken = JSON.stringify({ type: "service_account", client_email: email, private_key: "nope" });
    expect(await read(source("a"), { serviceAccountJson: broken }, { gcsEndpoint: gcs.url })).toEqual({
      ok: false,
      reason: "The service account key's private_key is not a valid private key",
    });
    expect(await read(source("a"), null, { gcsEndpoint: gcs.url })).toMatchObject({ ok: false });
  });
});

describe("Terraform Azure backend", () => {
  const accountKey = randomBytes(32).toString("base64");
  let azure: Awaited<ReturnType<typeof startFakeAzure>>;
  beforeAll(async () => {
    azure = await startFakeAzure({
      account: "tfstateacct",
      accountKey,
      blobs: new Map([["tfstate/prod.terraform.tfstate", state(21)]]),
    });
  });
  afterAll(() => azure.close());

  const source = (blob: string, container = "tfstate"): ObservedSource => ({
    kind: "terraform-azure",
    accountUrl: `${azure.url}/tfstateacct`,
    container,
    blob,
  });
  const sas = (key = accountKey, permissions = "r") => {
    const params = new URLSearchParams({
      sv: "2025-01-05",
      sr: "c",
      sp: permissions,
      se: "2099-01-01T00:00:00Z",
      spr: "https,http",
    });
    params.set("sig", serviceSasSignature(params, "tfstateacct", "tfstate", key));
    return params.toString();
  };

  it("reads the state blob with the account key or a SAS token", async () => {
    expect(await read(source("prod.terraform.tfstate"), { accountKey })).toMatchObject({
      ok: true,
      state: { serial: 21 },
    });
    expect(await read(source("prod.terraform.tfstate"), { sasToken: `?${sas()}` })).toMatchObject({
      ok: true,
      state: { serial: 21 },
    });
  });

  it("says the credential was refused, or the blob is missing", async () => {
    const wrongKey = randomBytes(32).toString("base64");
    expect(await read(source("prod.terraform.tfstate"), { accountKey: wrongKey })).toEqual({
      ok: false,
      reason: "The storage account refused the credential",
    });
    expect(await read(source("prod.terraform.tfstate"), { sasToken: sas(wrongKey) })).toEqual({
      ok: false,
      reason: "The storage account refused the credential",
    });
    expect(await read(source("dev.terraform.tfstate"), { accountKey })).toEqual({
      ok: false,
      reason: "The state blob does not exist in the container (check the blob name)",
    });
    expect(await read(source("prod.terraform.tfstate"), { sasToken: "sv=2025-01-05" })).toEqual({
      ok: false,
      reason: "The SAS token is not valid (it needs sv= and sig=)",
    });
  });

  it("refuses an internal account URL the policy does not allow", async () => {
    expect(await read(source("prod.terraform.tfstate"), { accountKey }, { policy: strictPolicy })).toEqual({
      ok: false,
      reason: "The account URL cannot be used: refused by policy: the host is a loopback address",
    });
  });
});

describe("Kubernetes", () => {
  const object = (kind: string, apiVersion: string, namespace: string, name: string, extra: object = {}) => ({
    apiVersion,
    kind,
    metadata: { name, namespace, uid: `${namespace}-${name}`, managedFields: [{ manager: "kubectl" }] },
    ...extra,
  });
  let cluster: Awaited<ReturnType<typeof startFakeApiServer>>;
  beforeAll(async () => {
    const deployments = Array.from({ length: 260 }, (_, index) =>
      object("Deployment", "apps/v1", "bulk", `app-${index}`, {
        spec: {
          replicas: 1,
          selector: { matchLabels: { app: "x" } },
          template: { spec: { containers: [{ name: "c", image: "nginx:1.27" }] } },
        },
      }),
    );
    cluster = await startFakeApiServer({
      token: "good-token",
      objects: [
        object("Deployment", "apps/v1", "shop", "web", {
          spec: {
            replicas: 2,
            selector: { matchLabels: { app: "web" } },
            template: {
              metadata: { labels: { app: "web" } },
              spec: {
                containers: [{ name: "web", image: "shop/web:1.4", securityContext: { privileged: true } }],
              },
            },
          },
        }),
        object("Service", "v1", "shop", "web", { spec: { type: "LoadBalancer", ports: [{ port: 80 }] } }),
        object("ConfigMap", "v1", "shop", "settings", { data: { LOG_LEVEL: "debug" } }),
        object("Secret", "v1", "shop", "db", { data: { password: "aHVudGVyMg==" } }),
        object("NetworkPolicy", "networking.k8s.io/v1", "shop", "deny-all", {
          spec: { podSelector: {}, policyTypes: ["Ingress"] },
        }),
        object("RoleBinding", "rbac.authorization.k8s.io/v1", "shop", "admins", {
          roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "cluster-admin" },
          subjects: [{ kind: "ServiceAccount", name: "web", namespace: "shop" }],
        }),
        object("Deployment", "apps/v1", "other", "api"),
        ...deployments,
      ],
      forbidden: ["locked/roles"],
    });
  });
  afterAll(() => cluster.close());

  const source = (namespaces: string[], server = cluster.url): ObservedSource => ({
    kind: "kubernetes",
    server,
    namespaces,
  });

  it("lists the kinds that matter in the given namespaces, never Secrets", async () => {
    const result = await read(source(["shop"]), { token: "good-token" });
    if (!result.ok || result.kind !== "kubernetes") throw new Error(JSON.stringify(result));
    const names = result.objects.map((item) => {
      const { kind, metadata } = item as { kind: string; metadata: { name: string } };
      return `${kind}/${metadata.name}`;
    });
    expect(names.sort()).toEqual([
      "ConfigMap/settings",
      "Deployment/web",
      "NetworkPolicy/deny-all",
      "RoleBinding/admins",
      "Service/web",
    ]);
    const deployment = result.objects.find((item) => (item as { kind: string }).kind === "Deployment") as {
      apiVersion: string;
      metadata: { managedFields?: unknown };
      spec: { template: { spec: { containers: { securityContext?: unknown }[] } } };
    };
    expect(deployment.apiVersion).toBe("apps/v1");
    expect(deployment.spec.template.spec.containers[0]?.securityContext).toEqual({ privileged: true });
    expect(deployment.metadata.managedFields).toBeUndefined();
    expect(cluster.requests.some((request) => request.includes("secrets"))).toBe(false);
  });

  it("pages through long lists and bounds the total", async () => {
    const result = await read(
      source(["bulk"]),
      { token: "good-token" },
      { limits: { ...limits, maxObjects: 1000, maxBytes: 10 * 1024 * 1024 } },
    );
    expect(result).toMatchObject({ ok: true });
    if (result.ok && result.kind === "kubernetes") expect(result.objects).toHaveLength(260);
    expect(cluster.requests.some((request) => request.includes("continue=250"))).toBe(true);
    expect(
      await read(
        source(["bulk"]),
        { token: "good-token" },
        { limits: { ...limits, maxBytes: 10 * 1024 * 1024 } },
      ),
    ).toEqual({
      ok: false,
      reason: "The cluster has more than 100 objects of the kinds read; narrow the namespaces",
    });
  });

  it("says the token was refused, or which list RBAC forbids", async () => {
    expect(await read(source(["shop"]), { token: "stolen" })).toEqual({
      ok: false,
      reason: "The cluster refused the credential",
    });
    expect(await read(source(["locked"]), { token: "good-token" })).toEqual({
      ok: false,
      reason: 'The credential may not list roles in namespace "locked" (it needs get and list on them)',
    });
  });

  it("reads with an inline kubeconfig and refuses one that runs commands or reads files", async () => {
    const kubeconfig = (user: string) => `
apiVersion: v1
kind: Config
current-context: prod
clusters:
  - name: prod
    cluster:
      server: ${cluster.url}
contexts:
  - name: prod
    context: { cluster: prod, user: reader }
users:
  - name: reader
    user:
${user}`;
    const result = await read(
      { kind: "kubernetes", namespaces: ["shop"] },
      { kubeconfig: kubeconfig("      token: good-token") },
    );
    expect(result).toMatchObject({ ok: true, kind: "kubernetes" });
    expect(
      await read(
        { kind: "kubernetes", namespaces: ["shop"] },
        {
          kubeconfig: kubeconfig(
            "      exec: { command: /bin/sh, apiVersion: client.authentication.k8s.io/v1 }",
          ),
        },
      ),
    ).toEqual({
      ok: false,
      reason: "The kubeconfig's user runs a command (an exec plugin); use a service-account token instead",
    });
    expect(
      await read(
        { kind: "kubernetes", namespaces: ["shop"] },
        { kubeconfig: kubeconfig("      token-file: /etc/passwd") },
      ),
    ).toEqual({
      ok: false,
      reason: "The kubeconfig's user reads the token from a file; paste the token itself",
    });
    expect(await read({ kind: "kubernetes", namespaces: [] }, { kubeconfig: "current-context: [" })).toEqual({
      ok: false,
      reason: "The kubeconfig is not valid YAML",
    });
  });

  it("refuses an internal API server the policy does not allow, and bad namespace names", async () => {
    expect(await read(source(["shop"]), { token: "good-token" }, { policy: strictPolicy })).toEqual({
      ok: false,
      reason: "The API server cannot be used: refused by policy: the host is a loopback address",
    });
    expect(await read(source(["../secrets"]), { token: "good-token" })).toEqual({
      ok: false,
      reason: '"../secrets" is not a valid namespace name',
    });
  });
});

describe("readObserved", () => {
  it("does not read uploaded states", async () => {
    expect(await read({ kind: "terraform-upload" }, null)).toMatchObject({ ok: false });
  });
});
