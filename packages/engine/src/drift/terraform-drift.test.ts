import { describe, expect, it } from "vitest";
import {
  compareConfigs,
  computeDrift,
  type DriftItem,
  declaredTerraform,
  driftFingerprint,
  driftStats,
  flattenConfig,
  MASK,
  observedTerraform,
  StateFormatError,
} from "./index.ts";

const MAIN_TF = `
variable "env" {
  type = string
}
variable "regions" {
  type    = list(string)
  default = ["eu"]
}
variable "web_count" {
  default = 1
}
variable "instance_type" {
  default = "t3.micro"
}
variable "db_password" {
  sensitive = true
}
locals {
  prefix = "acme-\${var.env}"
  tags   = { Team = "platform", Env = var.env }
}

resource "aws_s3_bucket" "logs" {
  for_each = toset(var.regions)
  bucket   = "\${local.prefix}-logs-\${each.key}"
  tags     = local.tags
}

resource "aws_s3_bucket_public_access_block" "logs" {
  bucket                  = "acme-logs"
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

resource "aws_instance" "web" {
  count         = var.web_count
  ami           = "ami-123"
  instance_type = var.instance_type
  subnet_id     = aws_subnet.main.id
  tags          = { Name = "web-\${count.index}" }
  root_block_device {
    encrypted = true
  }
  lifecycle {
    ignore_changes = [ami]
  }
}

resource "aws_security_group" "web" {
  name = "web"
  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["10.0.0.0/8", "192.168.0.0/16"]
  }
  ingress {
    from_port   = 80
    to_port     = 80
    protocol    = "tcp"
    cidr_blocks = ["10.0.0.0/8"]
  }
}

resource "aws_iam_policy" "read" {
  name   = "read"
  policy = jsonencode({ Version = "2012-10-17", Statement = [{ Effect = "Allow", Action = ["s3:GetObject"], Resource = "*" }] })
}

resource "aws_s3_bucket" "archive" {
  bucket = "acme-archive"
}

resource "aws_db_instance" "main" {
  identifier = "main-\${terraform.workspace}"
  password   = var.db_password
  storage_encrypted = true
}

module "network" {
  source = "./modules/network"
  cidr   = "10.1.0.0/16"
}

module "remote" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.0.0"
}

data "aws_caller_identity" "current" {}
`;

const NETWORK_TF = `
variable "cidr" {}
resource "aws_vpc" "main" {
  cidr_block           = var.cidr
  enable_dns_hostnames = true
}
`;

function files(extra: Record<string, string> = {}): Map<string, string> {
  return new Map(
    Object.entries({
      "infra/main.tf": MAIN_TF,
      "infra/modules/network/main.tf": NETWORK_TF,
      "infra/terraform.tfvars":
        'env = "prod"\nregions = ["eu", "us"]\nweb_count = 2\ndb_password = "hunter2"\n',
      "infra/staging.tfvars": 'env = "staging"\nregions = ["eu"]\ninstance_type = "t3.small"\n',
      "other/unrelated.tf": 'resource "aws_s3_bucket" "x" { bucket = "x" }',
      ...extra,
    }),
  );
}

function instance(
  type: string,
  name: string,
  attributes: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    mode: "managed",
    type,
    name,
    provider: 'provider["registry.terraform.io/hashicorp/aws"]',
    instances: [{ schema_version: 0, attributes, sensitive_attributes: [], ...extra }],
  };
}

/** A state as `terraform apply` of MAIN_TF with terraform.tfvars would write it, then changed by hand. */
function state(changes: (resources: Record<string, unknown>[]) => void = () => {}) {
  const resources: Record<string, unknown>[] = [
    {
      mode: "managed",
      type: "aws_s3_bucket",
      name: "logs",
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        {
          index_key: "eu",
          schema_version: 0,
          attributes: {
            id: "acme-prod-logs-eu",
            arn: "arn:aws:s3:::acme-prod-logs-eu",
            bucket: "acme-prod-logs-eu",
            force_destroy: false,
            tags: { Team: "platform", Env: "prod" },
            tags_all: { Team: "platform", Env: "prod" },
            versioning: [{ enabled: false, mfa_delete: false }],
          },
        },
        {
          index_key: "us",
          schema_version: 0,
          attributes: {
            id: "acme-prod-logs-us",
            bucket: "acme-prod-logs-us",
            tags: { Team: "platform", Env: "prod" },
          },
        },
      ],
    },
    instance("aws_s3_bucket_public_access_block", "logs", {
      id: "acme-logs",
      bucket: "acme-logs",
      block_public_acls: true,
      block_public_policy: true,
      ignore_public_acls: true,
      restrict_public_buckets: true,
    }),
    {
      mode: "managed",
      type: "aws_instance",
      name: "web",
      instances: [0, 1].map((index) => ({
        index_key: index,
        schema_version: 1,
        attributes: {
          id: `i-${index}`,
          ami: "ami-123",
          instance_type: "t3.micro",
          subnet_id: "subnet-1",
          tags: { Name: `web-${index}` },
          root_block_device: [{ encrypted: true, volume_size: 8, volume_type: "gp3" }],
          private_ip: `10.0.0.${index}`,
        },
      })),
    },
    instance("aws_security_group", "web", {
      id: "sg-1",
      name: "web",
      // a set: stored in another order than declared, with provider-filled fields
      ingress: [
        {
          from_port: 80,
          to_port: 80,
          protocol: "tcp",
          cidr_blocks: ["10.0.0.0/8"],
          description: "",
          self: false,
        },
        {
          from_port: 443,
          to_port: 443,
          protocol: "tcp",
          cidr_blocks: ["192.168.0.0/16", "10.0.0.0/8"],
          description: "",
          self: false,
        },
      ],
      egress: [],
    }),
    instance("aws_iam_policy", "read", {
      id: "arn:aws:iam::1:policy/read",
      name: "read",
      policy:
        '{"Statement":[{"Action":["s3:GetObject"],"Effect":"Allow","Resource":"*"}],"Version":"2012-10-17"}',
    }),
    instance("aws_s3_bucket", "archive", { id: "acme-archive", bucket: "acme-archive" }),
    instance(
      "aws_db_instance",
      "main",
      { id: "db-1", identifier: "main-default", password: "hunter2", storage_encrypted: true },
      {
        sensitive_attributes: [[{ type: "get_attr", value: "password" }]],
      },
    ),
    {
      ...instance("aws_vpc", "main", { id: "vpc-1", cidr_block: "10.1.0.0/16", enable_dns_hostnames: true }),
      module: "module.network",
    },
    { ...instance("aws_subnet", "private", { id: "subnet-9" }), module: "module.remote" },
    {
      mode: "data",
      type: "aws_caller_identity",
      name: "current",
      instances: [{ attributes: { account_id: "1" } }],
    },
  ];
  changes(resources);
  return { version: 4, terraform_version: "1.9.5", serial: 7, lineage: "x", outputs: {}, resources };
}

function find(resources: Record<string, unknown>[], type: string, name: string, module?: string) {
  const found = resources.find(
    (resource) => resource.type === type && resource.name === name && resource.module === module,
  );
  if (!found) throw new Error(`${type}.${name} not in the test state`);
  return found as { instances: { attributes: Record<string, unknown>; index_key?: unknown }[] };
}

function declared(varFiles: string[] = []) {
  return declaredTerraform(files(), { path: "infra", varFiles, workspace: "default" });
}

function summary(items: DriftItem[]) {
  return items.map(
    (item) => `${item.driftType} ${item.resourceId}${item.attribute ? ` ${item.attribute}` : ""}`,
  );
}

describe("declaredTerraform", () => {
  it("evaluates tfvars, locals, the workspace, count, for_each and local modules with Terraform's addresses", () => {
    const state = declared();
    expect(state.warnings).toEqual([]);
    expect(state.resources.map((resource) => resource.address)).toEqual([
      'aws_s3_bucket.logs["eu"]',
      'aws_s3_bucket.logs["us"]',
      "aws_s3_bucket_public_access_block.logs",
      "aws_instance.web[0]",
      "aws_instance.web[1]",
      "aws_security_group.web",
      "aws_iam_policy.read",
      "aws_s3_bucket.archive",
      "aws_db_instance.main",
      "module.network.aws_vpc.main",
    ]);
    const eu = state.resources[0]!;
    expect(eu.attributes).toEqual({ bucket: "acme-prod-logs-eu", tags: { Team: "platform", Env: "prod" } });
    const web1 = state.resources.find((resource) => resource.address === "aws_instance.web[1]")!;
    expect(web1.attributes.tags).toEqual({ Name: "web-1" });
    expect(web1.attributes.root_block_device).toEqual([{ encrypted: true }]);
    expect(web1.attributes).not.toHaveProperty("lifecycle");
    expect(web1.ignored).toEqual(["ami"]);
    expect(web1.unknown).toEqual(["subnet_id"]);
    expect(
      state.resources.find((resource) => resource.type === "aws_db_instance")!.attributes.identifier,
    ).toBe("main-default");
    expect(state.resources.at(-1)!.attributes).toEqual({
      cidr_block: "10.1.0.0/16",
      enable_dns_hostnames: true,
    });
    expect(state.opaque).toEqual(["module.remote"]);
    expect(state.variables).toMatchObject({ env: "prod", regions: ["eu", "us"], web_count: 2 });
    expect(state.sensitiveVariables).toEqual(["db_password"]);
  });

  it("applies var files after terraform.tfvars, and the workspace", () => {
    const state = declaredTerraform(files(), {
      path: "./infra/",
      varFiles: ["infra/staging.tfvars"],
      workspace: "staging",
    });
    expect(
      state.resources
        .filter((resource) => resource.type === "aws_s3_bucket")
        .map((resource) => resource.address),
    ).toEqual(['aws_s3_bucket.logs["eu"]', "aws_s3_bucket.archive"]);
    expect(
      state.resources.find((resource) => resource.address === "aws_instance.web[0]")!.attributes
        .instance_type,
    ).toBe("t3.small");
    expect(
      state.resources.find((resource) => resource.type === "aws_db_instance")!.attributes.identifier,
    ).toBe("main-staging");
  });

  it("expands count = length(…) and for_each over a map of objects with each.value, and merges tags", () => {
    const code = `variable "subnets" {
  default = ["10.0.1.0/24", "10.0.2.0/24", "10.0.3.0/24"]
}
variable "queues" {
  default = { orders = { retention = 3600 }, emails = { retention = 60 } }
}
locals {
  common = { Team = "core" }
}
resource "aws_subnet" "private" {
  count      = length(var.subnets)
  cidr_block = element(var.subnets, count.index)
  tags       = merge(local.common, { Name = "private-\${count.index}" })
}
resource "aws_sqs_queue" "q" {
  for_each                  = var.queues
  name                      = each.key
  message_retention_seconds = lookup(each.value, "retention", 345600)
  sqs_managed_sse_enabled   = coalesce(null, true)
}
`;
    const state = declaredTerraform(new Map([["main.tf", code]]), {
      path: "",
      varFiles: [],
      workspace: "default",
    });
    expect(state.opaque).toEqual([]);
    expect(state.resources.map((resource) => [resource.address, resource.attributes])).toEqual([
      ["aws_subnet.private[0]", { cidr_block: "10.0.1.0/24", tags: { Team: "core", Name: "private-0" } }],
      ["aws_subnet.private[1]", { cidr_block: "10.0.2.0/24", tags: { Team: "core", Name: "private-1" } }],
      ["aws_subnet.private[2]", { cidr_block: "10.0.3.0/24", tags: { Team: "core", Name: "private-2" } }],
      [
        'aws_sqs_queue.q["emails"]',
        { name: "emails", message_retention_seconds: 60, sqs_managed_sse_enabled: true },
      ],
      [
        'aws_sqs_queue.q["orders"]',
        { name: "orders", message_retention_seconds: 3600, sqs_managed_sse_enabled: true },
      ],
    ]);
  });

  it("expands dynamic blocks over a known for_each, and leaves an unknown one out", () => {
    const code = `variable "ports" {
  default = [443, 80]
}
resource "aws_security_group" "web" {
  name = "web"
  dynamic "ingress" {
    for_each = var.ports
    iterator = port
    content {
      from_port   = port.value
      to_port     = port.value
      protocol    = "tcp"
      cidr_blocks = ["10.0.0.0/8"]
    }
  }
  dynamic "egress" {
    for_each = data.aws_prefix_list.all.cidr_blocks
    content {
      cidr_blocks = [egress.value]
    }
  }
}
`;
    const declaredState = declaredTerraform(new Map([["main.tf", code]]), {
      path: "",
      varFiles: [],
      workspace: "default",
    });
    const group = declaredState.resources[0]!;
    expect(group.attributes.ingress).toEqual([
      { from_port: 443, to_port: 443, protocol: "tcp", cidr_blocks: ["10.0.0.0/8"] },
      { from_port: 80, to_port: 80, protocol: "tcp", cidr_blocks: ["10.0.0.0/8"] },
    ]);
    expect(group.unknown).toEqual(["egress"]);
    const rule = (port: number, cidr = "10.0.0.0/8") => ({
      from_port: port,
      to_port: port,
      protocol: "tcp",
      cidr_blocks: [cidr],
      self: false,
    });
    const observed = (ingress: unknown[]) =>
      observedTerraform({
        version: 4,
        resources: [
          {
            mode: "managed",
            type: "aws_security_group",
            name: "web",
            instances: [{ attributes: { name: "web", ingress, egress: [{ cidr_blocks: ["1.2.3.0/24"] }] } }],
          },
        ],
      });
    expect(computeDrift(declaredState, observed([rule(80), rule(443)]))).toEqual([]);
    expect(
      summary(computeDrift(declaredState, observed([rule(80), rule(443), rule(22, "0.0.0.0/0")]))),
    ).toEqual(["config_change aws_security_group.web ingress"]);
  });

  it("makes an unknown count opaque, reports files it cannot read, and refuses paths outside the repository", () => {
    const state = declaredTerraform(
      new Map([
        [
          "m/main.tf",
          'variable "n" {}\nresource "aws_instance" "a" {\n  count = var.n\n}\nmodule "up" {\n  source = "../../x"\n}\n',
        ],
        ["m/broken.tf", "resource {"],
      ]),
      { path: "m", varFiles: ["m/missing.tfvars", "../../etc/passwd"], workspace: "default" },
    );
    expect(state.resources).toEqual([]);
    expect(state.opaque).toEqual(["aws_instance.a", "module.up"]);
    expect(state.warnings).toEqual([
      "m/broken.tf is not valid HCL",
      "../../etc/passwd is not a file of the repository",
      "m/missing.tfvars does not exist",
      "module module.up: ../../x is outside the repository",
    ]);
    expect(
      declaredTerraform(new Map(), { path: "../etc", varFiles: [], workspace: "default" }).warnings,
    ).toEqual(["../etc is not a folder of the repository"]);
  });
});

describe("declaredTerraform on hostile code", () => {
  it("bounds locals that multiply at every level", () => {
    const refs = (i: number) => Array.from({ length: 10 }, () => `local.l${i + 1}`).join(", ");
    const levels = Array.from({ length: 30 }, (_, i) => `  l${i} = [${refs(i)}]`).join("\n");
    const code = `locals {\n${levels}\n  l30 = "x"\n}\nresource "aws_s3_bucket" "b" {\n  bucket = "b"\n  tags = { v = jsonencode(local.l0) }\n}\n`;
    const started = performance.now();
    const state = declaredTerraform(new Map([["main.tf", code]]), {
      path: "",
      varFiles: [],
      workspace: "default",
    });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(state.resources[0]!.attributes.bucket).toBe("b");
    expect(state.resources[0]!.unknown).toEqual(["tags.v"]);
    expect(state.warnings).toEqual([
      "the configuration takes too long to evaluate: some values were left unknown",
    ]);
  });

  it("bounds modules that multiply their instances", () => {
    const files = new Map([
      ["main.tf", 'module "a" {\n  source = "./a"\n  count = 10000\n}\n'],
      ["a/main.tf", 'module "b" {\n  source = "../b"\n  count = 10000\n}\n'],
      ["b/main.tf", 'resource "aws_s3_bucket" "x" {\n  bucket = "x"\n}\n'],
    ]);
    const state = declaredTerraform(files, { path: "", varFiles: [], workspace: "default" });
    expect(state.resources.length).toBeLessThan(100_000);
    expect(state.warnings).toEqual([
      "more than 100000 resource and module instances: the rest were not evaluated",
    ]);
    expect(state.resources[0]!.address).toBe("module.a[0].module.b[0].aws_s3_bucket.x");
  });
});

describe("sensitive values", () => {
  it("masks attributes set from a sensitive variable, through locals and module inputs", () => {
    const files = new Map([
      [
        "main.tf",
        `variable "token" {\n  sensitive = true\n  default = "tok-123"\n}\nlocals {\n  script = "export T=\${var.token}"\n}\nmodule "app" {\n  source = "./app"\n  script = local.script\n}\n`,
      ],
      [
        "app/main.tf",
        'variable "script" {}\nresource "aws_instance" "a" {\n  user_data = var.script\n  instance_type = "t3.micro"\n}\n',
      ],
    ]);
    const declaredState = declaredTerraform(files, { path: "", varFiles: [], workspace: "default" });
    expect(declaredState.resources[0]!.sensitive).toEqual(["user_data"]);
    const observed = observedTerraform({
      version: 4,
      resources: [
        {
          mode: "managed",
          type: "aws_instance",
          name: "a",
          module: "module.app",
          instances: [{ attributes: { user_data: "export T=tok-999", instance_type: "t3.micro" } }],
        },
      ],
    });
    const items = computeDrift(declaredState, observed);
    expect(items.map((item) => [item.attribute, item.iacExpected, item.actualState])).toEqual([
      ["user_data", MASK, MASK],
    ]);
    expect(JSON.stringify(items)).not.toContain("tok-");
    const missing = computeDrift(declaredState, { kind: "terraform", resources: [] });
    expect(JSON.stringify(missing)).not.toContain("tok-");
    const other = declaredTerraform(
      new Map([...files, ["main.tf", files.get("main.tf")!.replace("tok-123", "tok-456")]]),
      {
        path: "",
        varFiles: [],
        workspace: "default",
      },
    );
    const differences = compareConfigs(declaredState, other);
    expect(differences.map((difference) => difference.key).sort()).toEqual([
      "module.app.aws_instance.a.user_data",
      "var.token",
    ]);
    expect(JSON.stringify(differences)).not.toContain("tok-");
  });
});

describe("drift values", () => {
  it("keeps what a finding stores small: long strings cut, large values reduced to their scalars", () => {
    const big = {
      id: "x",
      name: "big",
      user_data: "a".repeat(50_000),
      rules: Array.from({ length: 2_000 }, (_, i) => ({ port: i })),
    };
    const items = computeDrift(
      { kind: "terraform", resources: [], opaque: [], warnings: [] },
      {
        kind: "terraform",
        resources: [
          { address: "aws_instance.big", type: "aws_instance", key: "aws_instance.big", attributes: big },
        ],
      },
    );
    expect(items[0]!.actualState).toEqual({
      id: "x",
      name: "big",
      user_data: `${"a".repeat(2_000)}…`,
      rules: "(not kept: too large)",
    });
    expect(JSON.stringify(items).length).toBeLessThan(20_000);
  });
});

describe("observedTerraform", () => {
  it("reads managed resources of a version 4 state with index keys and module addresses", () => {
    const observed = observedTerraform(state());
    expect(observed.resources.map((resource) => resource.address)).toContain('aws_s3_bucket.logs["us"]');
    expect(observed.resources.map((resource) => resource.address)).toContain("aws_instance.web[1]");
    expect(observed.resources.map((resource) => resource.address)).toContain("module.network.aws_vpc.main");
    expect(observed.resources.some((resource) => resource.type === "aws_caller_identity")).toBe(false);
    expect(observed.resources.find((resource) => resource.type === "aws_db_instance")!.sensitive).toEqual([
      "password",
    ]);
  });

  it("refuses other state versions and shapes with a reason", () => {
    expect(() => observedTerraform({ version: 3, modules: [] })).toThrow(StateFormatError);
    expect(() => observedTerraform({ version: 3 })).toThrow(/format version 3; only version 4/);
    expect(() => observedTerraform([1])).toThrow(/not a JSON object/);
    expect(() => observedTerraform({ version: 4, resources: [{ mode: "managed" }] })).toThrow(
      /without a type/,
    );
  });
});

describe("computeDrift (Terraform)", () => {
  it("finds nothing when the state matches: computed attributes, defaults, set order, JSON formatting and opaque modules are not drift", () => {
    expect(computeDrift(declared(), observedTerraform(state()))).toEqual([]);
  });

  it("reports each drift type, security-relevant first", () => {
    const drifted = state((resources) => {
      // encryption of the instance's root volume turned off in the console
      find(resources, "aws_instance", "web").instances[1]!.attributes.root_block_device = [
        { encrypted: false, volume_size: 8 },
      ];
      find(resources, "aws_instance", "web").instances[0]!.attributes.instance_type = "t3.large";
      // lifecycle { ignore_changes = [ami] }: left to others, not drift
      find(resources, "aws_instance", "web").instances[0]!.attributes.ami = "ami-999";
      find(resources, "aws_s3_bucket_public_access_block", "logs")
        .instances[0]!.attributes.block_public_policy = false;
      // a tag added by hand
      find(resources, "aws_s3_bucket", "logs").instances[0]!.attributes.tags = {
        Team: "platform",
        Env: "prod",
        Owner: "bob",
      };
      // the "us" bucket was deleted
      find(resources, "aws_s3_bucket", "logs").instances.pop();
      // an ingress rule opened to the world
      const group = find(resources, "aws_security_group", "web").instances[0]!.attributes;
      (group.ingress as unknown[]).push({
        from_port: 22,
        to_port: 22,
        protocol: "tcp",
        cidr_blocks: ["0.0.0.0/0"],
      });
      // created outside Terraform's code (still in state after the code was removed)
      resources.push(
        instance("aws_iam_access_key", "backdoor", {
          id: "AKIA1",
          user: "ci",
          status: "Active",
          secret: "s3cr3t",
        }),
      );
      resources.push(instance("aws_cloudwatch_log_group", "old", { id: "old", name: "old" }));
      find(resources, "aws_db_instance", "main").instances[0]!.attributes.password = "changed";
      find(resources, "aws_vpc", "main", "module.network").instances[0]!.attributes.cidr_block =
        "10.9.0.0/16";
    });
    const items = computeDrift(declared(), observedTerraform(drifted));
    expect(summary(items)).toEqual([
      // an ingress block added: the most severe rule reading ingress (all ports open) is critical
      "config_change aws_security_group.web ingress",
      "config_change aws_instance.web[1] root_block_device.0.encrypted",
      "config_change aws_s3_bucket_public_access_block.logs block_public_policy",
      "unexpected_resource aws_cloudwatch_log_group.old",
      "unexpected_resource aws_iam_access_key.backdoor",
      'missing_resource aws_s3_bucket.logs["us"]',
      "config_change aws_db_instance.main password",
      "config_change aws_instance.web[0] instance_type",
      'config_change aws_s3_bucket.logs["eu"] tags.Owner',
      "config_change module.network.aws_vpc.main cidr_block",
    ]);
    expect(driftStats(items)).toEqual({
      total: 10,
      missing_resource: 1,
      unexpected_resource: 2,
      config_change: 7,
      securityRelevant: 6,
    });
    // the same drift on the next sync, even with another value, keeps its fingerprint
    const again = computeDrift(declared(), observedTerraform(drifted));
    expect(again.map(driftFingerprint)).toEqual(items.map(driftFingerprint));
    expect(new Set(items.map(driftFingerprint)).size).toBe(items.length);
    const byAttribute = (attribute: string) => items.find((item) => item.attribute === attribute)!;
    expect(byAttribute("block_public_policy")).toMatchObject({
      severity: "high",
      securityRelevant: true,
      iacExpected: true,
      actualState: false,
    });
    expect(byAttribute("root_block_device.0.encrypted")).toMatchObject({
      severity: "high",
      securityRelevant: true,
    });
    expect(byAttribute("ingress")).toMatchObject({
      securityRelevant: true,
      iacExpected: null,
      actualState: { from_port: 22 },
    });
    expect(byAttribute("tags.Owner")).toMatchObject({
      severity: "low",
      securityRelevant: false,
      iacExpected: null,
      actualState: "bob",
    });
    expect(byAttribute("instance_type")).toMatchObject({
      severity: "low",
      iacExpected: "t3.micro",
      actualState: "t3.large",
    });
    // a secret in the state is never copied into a finding
    expect(byAttribute("password")).toMatchObject({ iacExpected: MASK, actualState: MASK, severity: "low" });
    const key = items.find((item) => item.resourceId === "aws_iam_access_key.backdoor")!;
    expect(key).toMatchObject({ severity: "med", securityRelevant: true, iacExpected: null });
    expect(key.actualState).toMatchObject({ user: "ci", secret: MASK });
    // a rule checks log groups (retention), at low severity: unexpected stays med
    expect(items.find((item) => item.resourceId === "aws_cloudwatch_log_group.old")).toMatchObject({
      severity: "med",
      securityRelevant: true,
    });
    expect(items.find((item) => item.driftType === "missing_resource")).toMatchObject({
      resourceType: "aws_s3_bucket",
      iacExpected: { bucket: "acme-prod-logs-us" },
      actualState: null,
      severity: "med",
      securityRelevant: true,
    });
  });

  it("reports a renamed resource as one address change, not a missing and an unexpected one", () => {
    const renamed = state((resources) => {
      const archive = find(resources, "aws_s3_bucket", "archive") as unknown as Record<string, unknown>;
      archive.name = "archive_old";
      (archive as { instances: { attributes: Record<string, unknown> }[] })
        .instances[0]!.attributes.force_destroy = true;
    });
    const items = computeDrift(declared(), observedTerraform(renamed));
    expect(items).toEqual([
      {
        driftType: "config_change",
        resourceType: "aws_s3_bucket",
        resourceId: "aws_s3_bucket.archive",
        attribute: "address",
        iacExpected: "aws_s3_bucket.archive",
        actualState: "aws_s3_bucket.archive_old",
        severity: "low",
        securityRelevant: false,
      },
    ]);
  });

  it("reports a count instance removed from state and one added by hand", () => {
    const changed = state((resources) => {
      const web = find(resources, "aws_instance", "web");
      web.instances.splice(0, 1);
      web.instances.push({ index_key: 2, attributes: { id: "i-2", instance_type: "t3.micro" } });
    });
    expect(summary(computeDrift(declared(), observedTerraform(changed)))).toEqual([
      // a rule checks instances: unexpected (high, running unreviewed) before missing (med)
      "unexpected_resource aws_instance.web[2]",
      "missing_resource aws_instance.web[0]",
    ]);
  });

  it("refuses to compare Terraform code with a cluster", () => {
    expect(() => computeDrift(declared(), { kind: "kubernetes", resources: [] })).toThrow(StateFormatError);
  });
});

describe("compareConfigs", () => {
  it("lists the differing keys of two environments, security-relevant first", () => {
    const prod = declared();
    const staging = declaredTerraform(
      files({
        "infra/staging.tfvars":
          'env = "staging"\nregions = ["eu"]\ninstance_type = "t3.small"\ndb_password = "x"\n',
      }),
      { path: "infra", varFiles: ["infra/staging.tfvars"], workspace: "staging" },
    );
    const differences = compareConfigs(prod, staging);
    const keys = differences.map((difference) => difference.key);
    expect(keys).toContain('aws_s3_bucket.logs["us"].bucket');
    expect(
      differences.find((difference) => difference.key === 'aws_s3_bucket.logs["us"].bucket'),
    ).toMatchObject({
      change: "removed",
      sourceValue: "acme-prod-logs-us",
      targetValue: null,
    });
    expect(differences.find((difference) => difference.key === "var.instance_type")).toMatchObject({
      change: "modified",
      sourceValue: "t3.micro",
      targetValue: "t3.small",
    });
    // both set, differently: shown as changed, never shown
    expect(differences.find((difference) => difference.key === "var.db_password")).toMatchObject({
      change: "modified",
      sourceValue: MASK,
      targetValue: MASK,
    });
    expect(differences.find((difference) => difference.key === "var.env")).toMatchObject({
      securityRelevant: false,
    });
    // the database identifier is not something a rule checks; ordering: security-relevant keys first
    const firstPlain = differences.findIndex((difference) => !difference.securityRelevant);
    expect(differences.slice(firstPlain).every((difference) => !difference.securityRelevant)).toBe(true);
    expect(compareConfigs(prod, prod)).toEqual([]);
  });

  it("ranks a variable that sets a checked attribute as security-relevant", () => {
    const code = (encrypted: string) =>
      declaredTerraform(
        new Map([
          [
            "main.tf",
            `variable "encrypted" {\n  default = ${encrypted}\n}\nresource "aws_db_instance" "db" {\n  storage_encrypted = var.encrypted\n  instance_class = "db.t3.micro"\n}\n`,
          ],
        ]),
        { path: "", varFiles: [], workspace: "default" },
      );
    const differences = compareConfigs(code("true"), code("false"));
    expect(differences.map((difference) => [difference.key, difference.securityRelevant])).toEqual([
      ["aws_db_instance.db.storage_encrypted", true],
      ["var.encrypted", true],
    ]);
    expect(flattenConfig(code("true")).get("aws_db_instance.db.instance_class")).toBe("db.t3.micro");
  });
});
