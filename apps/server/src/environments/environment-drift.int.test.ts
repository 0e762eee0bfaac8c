// Syncs that really drift, with the engine's drift functions wired in: Terraform code in a test
// repository against a state of version 4 written here (each kind of drift, computed attributes
// ignored, count and for_each instances), and Kubernetes manifests against a fake API server
// seeded with objects. The drift shows on GET /api/env/{id}/drift and in the environment's
// driftState, the drift controls' status follows it on the dashboard and the Compliance page, and
// compare answers the differences between two environments' declared configurations.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApiServer } from "../../test/fake-observed-servers.ts";
import { git } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

const TERRAFORM = `
variable "regions" {
  type    = list(string)
  default = ["eu", "us"]
}
variable "volume_size" {
  type    = number
  default = 20
}

resource "aws_ebs_volume" "data" {
  availability_zone = "eu-west-1a"
  size              = var.volume_size
  encrypted         = true
  tags = {
    Team = "core"
  }
}

resource "aws_s3_bucket" "logs" {
  for_each = toset(var.regions)
  bucket   = "acme-logs-\${each.key}"
}

resource "aws_instance" "web" {
  count         = 2
  ami           = "ami-12345678"
  instance_type = "t3.micro"
}
`;

const MANIFESTS = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: 2
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: nginx:1.25
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
spec:
  selector: { app: web }
  ports:
    - port: 80
`;

const AWS = 'provider["registry.terraform.io/hashicorp/aws"]';

/** A Terraform state of version 4 with the given managed resources. */
function state(resources: object[]) {
  return {
    version: 4,
    terraform_version: "1.9.5",
    serial: 7,
    lineage: "test-lineage",
    outputs: {},
    resources,
  };
}

let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let root: string;
let repositoryId: string;
let cluster: Awaited<ReturnType<typeof startFakeApiServer>>;

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, payload?: object, cookie = user.cookie) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const base = () => `/api/tenants/${user.tenantId}/environments`;

interface DriftRow {
  driftType: string;
  resourceType: string;
  resourceId: string;
  attribute: string | null;
  iacExpected: unknown;
  actualState: unknown;
  severity: string;
  securityRelevant: boolean;
  controls: string[];
}

async function createEnvironment(name: string, sources: object): Promise<string> {
  const created = await call("POST", base(), { name, type: "staging" });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const put = await call("PUT", `${base()}/${id}/sources`, sources);
  expect(put.statusCode, put.body).toBe(200);
  return id;
}

/** Starts a sync and waits for it to end; answers the environment as the page lists it. */
async function sync(id: string) {
  const before = (await call("GET", base())).json().find((row: { id: string }) => row.id === id);
  const started = await call("POST", "/api/env/sync", { environmentId: id });
  expect(started.statusCode, started.body).toBe(202);
  for (let attempt = 0; attempt < 240; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const environment = (await call("GET", base())).json().find((row: { id: string }) => row.id === id);
    if (environment.lastSyncedAt && environment.lastSyncedAt !== before.lastSyncedAt) return environment;
  }
  throw new Error("the sync did not finish");
}

const driftOf = async (id: string) => {
  const response = await call("GET", `/api/env/${id}/drift`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DriftRow[];
};

/** The status of a control on the Controls table and on the Compliance page (SOC 2 CC8.1). */
async function driftControlStatus(code: string) {
  const rows = (await call("GET", `/api/tenants/${user.tenantId}/controls?type=all`)).json() as {
    control: { code: string };
    failures: number;
    evaluated: boolean;
  }[];
  const row = rows.find((candidate) => candidate.control.code === code)!;
  const compliance = (await call("GET", `/api/compliance/soc2?tenantId=${user.tenantId}`)).json() as {
    controls: { controls: { code: string; status: string }[] }[];
  };
  const onCompliance = compliance.controls
    .flatMap((requirement) => requirement.controls)
    .find((control) => control.code === code)!.status;
  const onControls = !row.evaluated ? "unknown" : row.failures > 0 ? "fail" : "pass";
  expect(onCompliance).toBe(onControls);
  return onControls;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "rampart-drift-"));
  const repo = path.join(root, "infra");
  mkdirSync(path.join(repo, "terraform"), { recursive: true });
  mkdirSync(path.join(repo, "k8s"), { recursive: true });
  writeFileSync(path.join(repo, "terraform", "main.tf"), TERRAFORM);
  writeFileSync(path.join(repo, "terraform", "prod.tfvars"), 'regions = ["eu"]\nvolume_size = 100\n');
  writeFileSync(path.join(repo, "k8s", "web.yaml"), MANIFESTS);
  // A Kustomize base and two overlays: apply-config patches one overlay to the other's settings.
  mkdirSync(path.join(repo, "kustomize", "base"), { recursive: true });
  for (const overlay of ["staging", "prod"])
    mkdirSync(path.join(repo, "kustomize", "overlays", overlay), { recursive: true });
  writeFileSync(path.join(repo, "kustomize", "base", "kustomization.yaml"), "resources:\n  - web.yaml\n");
  writeFileSync(
    path.join(repo, "kustomize", "base", "web.yaml"),
    MANIFESTS.replaceAll("  namespace: shop\n", ""),
  );
  for (const overlay of ["staging", "prod"])
    writeFileSync(
      path.join(repo, "kustomize", "overlays", overlay, "kustomization.yaml"),
      `namespace: shop-${overlay}\nnamePrefix: ${overlay}-\nresources:\n  - ../../base\n${
        overlay === "prod" ? "replicas:\n  - name: web\n    count: 6\n" : ""
      }`,
    );
  git(repo, "init", "--quiet", "--initial-branch", "main");
  git(repo, "add", "--all");
  git(repo, "commit", "--quiet", "-m", "infrastructure");

  cluster = await startFakeApiServer({
    token: "reader-token",
    objects: [
      {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: "web", namespace: "shop", uid: "u1", resourceVersion: "9" },
        spec: {
          replicas: 5,
          selector: { matchLabels: { app: "web" } },
          template: {
            metadata: { labels: { app: "web" } },
            spec: { containers: [{ name: "web", image: "nginx:1.25", imagePullPolicy: "IfNotPresent" }] },
          },
        },
        status: { readyReplicas: 5 },
      },
      {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: "hotfix", namespace: "shop", uid: "u2" },
        data: { DEBUG: "true" },
      },
    ],
  });

  ctx = await createTestContext({
    localRepositoryRoots: [root],
    services: { GIT_PROTOCOLS: ["https", "http"], GIT_ALLOWED_INTERNAL_HOSTS: ["127.0.0.1"] },
  });
  user = await signUp(ctx.app);
  other = await signUp(ctx.app);
  const registered = await call("POST", `/api/tenants/${user.tenantId}/repositories`, {
    location: repo,
    name: "acme/infra",
  });
  expect(registered.statusCode, registered.body).toBe(201);
  repositoryId = registered.json().id;
  // The declared state is read at the latest scanned commit.
  let summary = (
    await call("POST", "/api/runs/trigger", { tenantId: user.tenantId, repo: "acme/infra" })
  ).json();
  for (let attempt = 0; summary.state !== "completed" && attempt < 240; attempt++) {
    expect(summary.state).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    summary = (await call("GET", `/api/scans/${summary.scanId}`)).json();
  }
  expect(summary.state).toBe("completed");
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  await cluster?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("drift of a Terraform environment", () => {
  let staging: string;

  it("has the drift controls not evaluated before any environment is synced", async () => {
    expect(await driftControlStatus("ENV-DRIFT-01")).toBe("unknown");
    expect(await driftControlStatus("ENV-DRIFT-02")).toBe("unknown");
  });

  it("finds a setting changed by hand, a missing and an unexpected resource, and ignores computed attributes", async () => {
    staging = await createEnvironment("tf-staging", {
      declared: { repositoryId, path: "terraform", kind: "terraform" },
      observed: { kind: "terraform-upload" },
    });
    const uploaded = await call(
      "POST",
      `${base()}/${staging}/state`,
      state([
        {
          mode: "managed",
          type: "aws_ebs_volume",
          name: "data",
          provider: AWS,
          instances: [
            {
              schema_version: 0,
              // encrypted turned off in the console; id, arn, iops and throughput computed by AWS
              attributes: {
                id: "vol-0abc",
                arn: "arn:aws:ec2:eu-west-1:123456789012:volume/vol-0abc",
                availability_zone: "eu-west-1a",
                size: 20,
                encrypted: false,
                iops: 3000,
                throughput: 125,
                tags: { Team: "core" },
              },
              sensitive_attributes: [],
            },
          ],
        },
        {
          mode: "managed",
          type: "aws_s3_bucket",
          name: "logs",
          provider: AWS,
          // for_each: only "eu" runs, "us" is missing
          instances: [
            {
              index_key: "eu",
              schema_version: 0,
              attributes: { id: "acme-logs-eu", bucket: "acme-logs-eu", arn: "arn:aws:s3:::acme-logs-eu" },
            },
          ],
        },
        {
          mode: "managed",
          type: "aws_instance",
          name: "web",
          provider: AWS,
          // count = 2: both instances run as declared
          instances: [0, 1].map((index) => ({
            index_key: index,
            schema_version: 1,
            attributes: {
              id: `i-${index}`,
              ami: "ami-12345678",
              instance_type: "t3.micro",
              private_ip: `10.0.0.${index + 10}`,
            },
          })),
        },
        {
          mode: "managed",
          type: "aws_s3_bucket",
          name: "manual",
          provider: AWS,
          // created in the console: not in the code
          instances: [{ schema_version: 0, attributes: { id: "acme-manual", bucket: "acme-manual" } }],
        },
        {
          mode: "data",
          type: "aws_caller_identity",
          name: "current",
          provider: AWS,
          instances: [{ schema_version: 0, attributes: { account_id: "123456789012" } }],
        },
      ]),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const environment = await sync(staging);
    expect(environment).toMatchObject({
      driftState: "drift_detected",
      lastSyncError: null,
      driftStats: { total: 3, config_change: 1, missing_resource: 1, unexpected_resource: 1 },
    });
    const drift = await driftOf(staging);
    const brief = drift.map((row) => [row.driftType, row.resourceId, row.attribute]);
    expect(brief).toHaveLength(3);
    expect(brief).toEqual(
      expect.arrayContaining([
        ["config_change", "aws_ebs_volume.data", "encrypted"],
        ["missing_resource", 'aws_s3_bucket.logs["us"]', null],
        ["unexpected_resource", "aws_s3_bucket.manual", null],
      ]),
    );
    const encryption = drift.find((row) => row.attribute === "encrypted")!;
    expect(encryption).toMatchObject({
      resourceType: "aws_ebs_volume",
      iacExpected: true,
      actualState: false,
      securityRelevant: true,
      controls: ["ENV-DRIFT-01"],
    });
    // Encryption turned off outranks every other drift here, and comes first.
    expect(drift[0]).toEqual(encryption);
    expect(["critical", "high"]).toContain(encryption.severity);
    expect(drift.find((row) => row.driftType === "missing_resource")!.controls).toEqual(["ENV-DRIFT-02"]);
  });

  it("fails the drift controls alike on the Controls table and the Compliance page", async () => {
    expect(await driftControlStatus("ENV-DRIFT-01")).toBe("fail");
    expect(await driftControlStatus("ENV-DRIFT-02")).toBe("fail");
  });

  it("shows the drift to no other tenant", async () => {
    expect((await call("GET", `/api/env/${staging}/drift`, undefined, other.cookie)).statusCode).toBe(404);
  });

  it("is in sync once the state matches the code; compare answers the differences with the drifting one", async () => {
    const inSync = await createEnvironment("tf-prod", {
      declared: { repositoryId, path: "terraform", kind: "terraform", varFiles: ["terraform/prod.tfvars"] },
      observed: { kind: "terraform-upload" },
    });
    await call(
      "POST",
      `${base()}/${inSync}/state`,
      state([
        {
          mode: "managed",
          type: "aws_ebs_volume",
          name: "data",
          provider: AWS,
          instances: [
            {
              schema_version: 0,
              attributes: {
                id: "vol-1",
                availability_zone: "eu-west-1a",
                size: 100,
                encrypted: true,
                tags: { Team: "core" },
              },
            },
          ],
        },
        {
          mode: "managed",
          type: "aws_s3_bucket",
          name: "logs",
          provider: AWS,
          instances: [{ index_key: "eu", schema_version: 0, attributes: { bucket: "acme-logs-eu" } }],
        },
        {
          mode: "managed",
          type: "aws_instance",
          name: "web",
          provider: AWS,
          instances: [0, 1].map((index) => ({
            index_key: index,
            schema_version: 1,
            attributes: { ami: "ami-12345678", instance_type: "t3.micro" },
          })),
        },
      ]),
    );
    expect(await sync(inSync)).toMatchObject({ driftState: "in_sync", driftStats: { total: 0 } });
    expect(await driftOf(inSync)).toEqual([]);

    // staging still drifts: the controls fail until every environment is in sync
    expect(await driftControlStatus("ENV-DRIFT-01")).toBe("fail");

    const compared = await call("GET", `/api/env/${staging}/compare?targetEnvId=${inSync}`);
    expect(compared.statusCode, compared.body).toBe(200);
    const body = compared.json();
    expect(body.driftStats.source).toMatchObject({ total: 3 });
    expect(body.driftStats.target).toMatchObject({ total: 0 });
    const differences = body.configComparison.differences as {
      key: string;
      change: string;
      sourceValue: unknown;
      targetValue: unknown;
    }[];
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: "var.volume_size",
          change: "modified",
          sourceValue: 20,
          targetValue: 100,
        }),
        expect.objectContaining({ key: 'aws_s3_bucket.logs["us"].bucket', change: "removed" }),
      ]),
    );
  });

  it("records why a state it cannot read was refused, in words", async () => {
    const id = await createEnvironment("tf-broken", {
      declared: { repositoryId, path: "terraform", kind: "terraform" },
      observed: { kind: "terraform-upload" },
    });
    await call("POST", `${base()}/${id}/state`, { version: 4, resources: [{ mode: "managed" }] });
    const environment = await sync(id);
    expect(environment.driftState).toBe("unknown");
    expect(environment.lastSyncError).toBe("The Terraform state holds a resource without a type or name.");
    // an environment whose last sync failed leaves the drift controls not evaluated, unless
    // drift was found elsewhere (staging's)
    expect(await driftControlStatus("ENV-DRIFT-01")).toBe("fail");
  });
});

describe("drift of a Kubernetes environment", () => {
  it("finds replicas changed in the cluster, a missing Service and an unmanaged ConfigMap", async () => {
    const id = await createEnvironment("k8s-shop", {
      declared: { repositoryId, path: "k8s", kind: "kubernetes" },
      observed: { kind: "kubernetes", server: cluster.url, namespaces: ["shop"] },
      credential: { token: "reader-token" },
    });
    const environment = await sync(id);
    expect(environment).toMatchObject({ driftState: "drift_detected", lastSyncError: null });
    const brief = (await driftOf(id)).map((row) => [
      row.driftType,
      row.resourceType,
      row.resourceId,
      row.attribute,
    ]);
    expect(brief).toEqual(
      expect.arrayContaining([
        ["config_change", "apps/v1/Deployment", "shop/web", "spec.replicas"],
        ["missing_resource", "v1/Service", "shop/web", null],
        ["unexpected_resource", "v1/ConfigMap", "shop/hotfix", null],
      ]),
    );
    expect(brief).toHaveLength(3);
  });

  it("refuses a wrong token on save, with the reason", async () => {
    const created = await call("POST", base(), { name: "k8s-wrong" });
    const put = await call("PUT", `${base()}/${created.json().id}/sources`, {
      declared: { repositoryId, path: "k8s", kind: "kubernetes" },
      observed: { kind: "kubernetes", server: cluster.url, namespaces: ["shop"] },
      credential: { token: "stolen" },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().error).toMatch(/^The observed state could not be read: /);
  });
});

describe("apply-config between Kubernetes overlays", () => {
  it("proposes a pull request patching the target overlay to the source's settings", async () => {
    const declared = (overlay: string) => ({
      declared: { repositoryId, path: `kustomize/overlays/${overlay}`, kind: "kubernetes" },
      observed: null,
    });
    const prod = await createEnvironment("kustomize-prod", declared("prod"));
    const staging = await createEnvironment("kustomize-staging", declared("staging"));
    const applied = await call("POST", "/api/env/apply-config", {
      sourceEnvId: prod,
      targetEnvIds: [staging],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const [result] = applied.json().results;
    expect(result).toMatchObject({
      environmentId: staging,
      status: "proposed",
      reason: "Patches apps/Deployment/web in kustomize/overlays/staging/kustomization.yaml",
    });
    expect(result.pullRequest.number).toBeGreaterThan(0);

    const again = await call("POST", "/api/env/apply-config", {
      sourceEnvId: staging,
      targetEnvIds: [staging],
    });
    expect(again.statusCode).toBe(400);
    const terraform = await createEnvironment("kustomize-vs-terraform", {
      declared: { repositoryId, path: "terraform", kind: "terraform" },
      observed: null,
    });
    const mixed = await call("POST", "/api/env/apply-config", {
      sourceEnvId: prod,
      targetEnvIds: [terraform],
    });
    expect(mixed.json().results[0]).toMatchObject({ status: "failed" });
  });
});
