// Drift for a Terraform state of 10,000 resource instances (BENCH_DRIFT_RESOURCES): the root
// module's evaluation (for_each over a tfvars map, count, nested blocks, a local module), reading
// the state JSON, the drift itself and a comparison with a second environment; then the same for a
// cluster of as many Kubernetes objects. Drift is planted: 5 % of instances with a changed
// attribute, 1 % missing, 1 % unexpected, 0.5 % renamed.
import {
  compareConfigs,
  computeDrift,
  declaredKubernetes,
  declaredTerraform,
  observedKubernetes,
  observedTerraform,
} from "@rampart/engine/drift/index";
import { markdownTable } from "./lib.ts";

const RESOURCES = Number(process.env.BENCH_DRIFT_RESOURCES ?? 10_000);

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

function time<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

/** Quarters of the instances: buckets (for_each), instances (count), security groups (count), VPCs in a module (count). */
function terraformFiles(n: number, env: string): Map<string, string> {
  const quarter = Math.floor(n / 4);
  const buckets = Array.from({ length: quarter }, (_, i) => `  b${i} = { versioning = ${i % 2 === 0} }`).join(
    "\n",
  );
  return new Map([
    [
      "infra/main.tf",
      `variable "buckets" {}
variable "instances" {}
variable "env" {}
locals {
  tags = { Env = var.env, Team = "platform" }
}
resource "aws_s3_bucket" "data" {
  for_each = var.buckets
  bucket   = "acme-\${var.env}-\${each.key}"
  tags     = local.tags
}
resource "aws_instance" "web" {
  count         = var.instances
  ami           = "ami-123"
  instance_type = "t3.micro"
  tags          = merge(local.tags, { Name = "web-\${count.index}" })
  root_block_device {
    encrypted   = true
    volume_size = 20
  }
}
resource "aws_security_group" "app" {
  count = ${quarter}
  name  = "app-\${count.index}"
  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["10.0.0.0/8"]
  }
  ingress {
    from_port   = 80
    to_port     = 80
    protocol    = "tcp"
    cidr_blocks = ["10.0.0.0/8", "172.16.0.0/12"]
  }
}
module "net" {
  source = "./modules/net"
  count  = ${n - 3 * quarter}
  cidr   = "10.\${count.index % 250}.0.0/16"
}
`,
    ],
    [
      "infra/modules/net/main.tf",
      'variable "cidr" {}\nresource "aws_vpc" "main" {\n  cidr_block = var.cidr\n  enable_dns_support = true\n}\n',
    ],
    ["infra/terraform.tfvars", `env = "${env}"\ninstances = ${quarter}\nbuckets = {\n${buckets}\n}\n`],
  ]);
}

/** The state `terraform apply` would write for terraformFiles, with computed attributes, then drifted. */
function terraformState(n: number, env: string): unknown {
  const quarter = Math.floor(n / 4);
  const managed = (type: string, name: string, instances: unknown[], module?: string) => ({
    mode: "managed",
    type,
    name,
    ...(module ? { module } : {}),
    provider: 'provider["registry.terraform.io/hashicorp/aws"]',
    instances,
  });
  const tags = { Env: env, Team: "platform" };
  const resources: Record<string, unknown>[] = [
    managed(
      "aws_s3_bucket",
      "data",
      Array.from({ length: quarter }, (_, i) => ({
        index_key: `b${i}`,
        schema_version: 0,
        attributes: {
          id: `acme-${env}-b${i}`,
          arn: `arn:aws:s3:::acme-${env}-b${i}`,
          bucket: `acme-${env}-b${i}`,
          tags,
          tags_all: tags,
          force_destroy: false,
        },
      })),
    ),
    managed(
      "aws_instance",
      "web",
      Array.from({ length: quarter }, (_, i) => ({
        index_key: i,
        schema_version: 1,
        attributes: {
          id: `i-${i}`,
          ami: "ami-123",
          instance_type: "t3.micro",
          private_ip: `10.0.${i % 250}.${i % 200}`,
          tags: { ...tags, Name: `web-${i}` },
          root_block_device: [{ encrypted: true, volume_size: 20, volume_type: "gp3", iops: 3000 }],
        },
      })),
    ),
    managed(
      "aws_security_group",
      "app",
      Array.from({ length: quarter }, (_, i) => ({
        index_key: i,
        schema_version: 1,
        attributes: {
          id: `sg-${i}`,
          name: `app-${i}`,
          ingress: [
            {
              from_port: 80,
              to_port: 80,
              protocol: "tcp",
              cidr_blocks: ["172.16.0.0/12", "10.0.0.0/8"],
              self: false,
              description: "",
            },
            {
              from_port: 443,
              to_port: 443,
              protocol: "tcp",
              cidr_blocks: ["10.0.0.0/8"],
              self: false,
              description: "",
            },
          ],
        },
      })),
    ),
  ];
  for (let i = 0; i < n - 3 * quarter; i++) {
    resources.push(
      managed(
        "aws_vpc",
        "main",
        [
          {
            schema_version: 1,
            attributes: { id: `vpc-${i}`, cidr_block: `10.${i % 250}.0.0/16`, enable_dns_support: true },
          },
        ],
        `module.net[${i}]`,
      ),
    );
  }
  // Plant the drift.
  const instances = (index: number) =>
    (resources[index] as { instances: { attributes: Record<string, unknown> }[] }).instances;
  for (let i = 0; i < quarter; i += 5) instances(1)[i]!.attributes.instance_type = "t3.large"; // 5 % of all
  for (let i = 0; i < quarter; i += 100)
    (instances(1)[i]!.attributes.root_block_device as { encrypted: boolean }[])[0]!.encrypted = false;
  instances(0).splice(0, Math.floor(n / 100)); // 1 % missing
  for (let i = 0; i < n / 100; i++)
    resources.push(
      managed("aws_iam_user", `hand_made_${i}`, [{ attributes: { id: `u${i}`, name: `u${i}` } }]),
    );
  const renamed = resources[2] as { name: string; instances: unknown[] };
  const moved = renamed.instances.splice(0, Math.floor(n / 200));
  resources.push({ ...renamed, name: "app_old", instances: moved });
  return { version: 4, terraform_version: "1.9.5", serial: 1, lineage: "bench", outputs: {}, resources };
}

function kubernetesFiles(n: number): Map<string, string> {
  const documents: string[] = [];
  for (let i = 0; i < n; i++) {
    documents.push(
      i % 2 === 0
        ? `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app-${i}\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: app-${i}\n  template:\n    metadata:\n      labels:\n        app: app-${i}\n    spec:\n      containers:\n        - name: app\n          image: ghcr.io/acme/app:1.0.${i}\n          securityContext:\n            privileged: false\n            runAsNonRoot: true\n`
        : `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg-${i}\ndata:\n  LEVEL: info\n`,
    );
  }
  // 100 files of n/100 objects each, as a repository of many services would hold them
  const files: [string, string][] = [];
  for (let file = 0; file * 100 < documents.length; file++) {
    files.push([`k8s/base/part-${file}.yaml`, documents.slice(file * 100, file * 100 + 100).join("---\n")]);
  }
  return new Map([
    ...files,
    [
      "k8s/base/kustomization.yaml",
      `resources:\n${files.map(([path]) => `  - ${path.slice("k8s/base/".length)}\n`).join("")}`,
    ],
    ["k8s/prod/kustomization.yaml", "resources:\n  - ../base\nnamespace: shop\ncommonLabels:\n  env: prod\n"],
  ]);
}

function clusterObjects(n: number): unknown[] {
  const labels = (name: string) => ({ app: name, env: "prod" });
  const objects: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const metadata = {
      namespace: "shop",
      uid: `u${i}`,
      resourceVersion: "1",
      managedFields: [{ manager: "kubectl" }],
    };
    if (i % 2 === 0) {
      objects.push({
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { ...metadata, name: `app-${i}`, labels: { env: "prod" } },
        spec: {
          replicas: i % 40 === 0 ? 3 : 2,
          revisionHistoryLimit: 10,
          selector: { matchLabels: labels(`app-${i}`) },
          template: {
            metadata: { labels: labels(`app-${i}`) },
            spec: {
              restartPolicy: "Always",
              containers: [
                {
                  name: "app",
                  image: `ghcr.io/acme/app:1.0.${i}`,
                  imagePullPolicy: "IfNotPresent",
                  securityContext: { privileged: i % 200 === 0, runAsNonRoot: true },
                },
              ],
            },
          },
        },
        status: { readyReplicas: 2 },
      });
    } else if (i % 100 !== 1) {
      objects.push({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { ...metadata, name: `cfg-${i}`, labels: { env: "prod" } },
        data: { LEVEL: "info" },
      });
    }
  }
  for (let i = 0; i < n / 100; i++)
    objects.push({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: `stray-${i}`, namespace: "shop" },
      data: {},
    });
  return objects;
}

export async function run(): Promise<string> {
  const rows: (string | number)[][] = [];
  const tfFiles = terraformFiles(RESOURCES, "prod");
  const declared = time(() =>
    declaredTerraform(tfFiles, { path: "infra", varFiles: [], workspace: "default" }),
  );
  const stateText = JSON.stringify(terraformState(RESOURCES, "prod"));
  const observed = time(() => observedTerraform(JSON.parse(stateText)));
  const drift = time(() => computeDrift(declared.value, observed.value));
  const staging = declaredTerraform(terraformFiles(RESOURCES, "staging"), {
    path: "infra",
    varFiles: [],
    workspace: "staging",
  });
  const compare = time(() => compareConfigs(declared.value, staging));
  const count = (type: string) => drift.value.filter((item) => item.driftType === type).length;
  rows.push(
    [
      "Terraform: declared instances",
      `${declared.value.resources.length} (warnings: ${declared.value.warnings.length})`,
    ],
    ["Terraform: evaluate the code (declaredTerraform)", `${declared.ms.toFixed(0)} ms`],
    [
      "Terraform: state size",
      `${(stateText.length / 1024 / 1024).toFixed(1)} MB, ${observed.value.resources.length} instances`,
    ],
    ["Terraform: parse and read the state (JSON.parse + observedTerraform)", `${observed.ms.toFixed(0)} ms`],
    ["Terraform: computeDrift", `${drift.ms.toFixed(0)} ms`],
    [
      "Terraform: drift items",
      `${drift.value.length} (config_change ${count("config_change")}, missing ${count("missing_resource")}, unexpected ${count("unexpected_resource")}; security-relevant ${drift.value.filter((item) => item.securityRelevant).length})`,
    ],
    [
      "Terraform: compareConfigs with a second environment",
      `${compare.ms.toFixed(0)} ms, ${compare.value.length} differences`,
    ],
  );
  const k8sDeclared = time(() => declaredKubernetes(kubernetesFiles(RESOURCES), { path: "k8s/prod" }));
  const objects = clusterObjects(RESOURCES);
  const k8sObserved = time(() => observedKubernetes(objects));
  const k8sDrift = time(() => computeDrift(k8sDeclared.value, k8sObserved.value));
  rows.push(
    [
      "Kubernetes: build the overlay (declaredKubernetes)",
      `${k8sDeclared.ms.toFixed(0)} ms, ${k8sDeclared.value.resources.length} objects`,
    ],
    [
      "Kubernetes: observedKubernetes",
      `${k8sObserved.ms.toFixed(0)} ms, ${k8sObserved.value.resources.length} objects`,
    ],
    ["Kubernetes: computeDrift", `${k8sDrift.ms.toFixed(0)} ms, ${k8sDrift.value.length} items`],
    ["peak RSS", `${peakRssMb()} MB`],
  );
  return markdownTable(["measure", "value"], rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
}
