// Parser robustness (random input never throws), the evaluator, and that fixes produce valid HCL
// that no longer flags.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { applyTextEdits } from "../../../test/fixture-harness.ts";
import { analyzeFile } from "../../analyze.ts";
import { SourceFile } from "../../source.ts";
import { terraformAnalyzer } from "./analyzer.ts";
import { evaluate, UNKNOWN } from "./evaluate.ts";
import { parseTerraform, type TerraformModel } from "./model.ts";

function model(text: string): TerraformModel {
  const result = parseTerraform(new SourceFile("main.tf", text));
  if (!result.ok) throw new Error(result.reason);
  return result.model;
}

describe("terraform parse", () => {
  it("never throws on random input", () => {
    const hclish = fc.array(
      fc.constantFrom(
        "resource",
        '"aws_s3_bucket"',
        '"x"',
        "{",
        "}",
        "[",
        "]",
        "=",
        "\n",
        " ",
        "var.x",
        "${",
        "<<EOF\n",
        "EOF\n",
        "true",
        "1",
        '"',
        "dynamic",
        "é",
        "#",
      ),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          hclish.map((parts) => parts.join("")),
        ),
        (text) => {
          const result = parseTerraform(new SourceFile("main.tf", text));
          expect(typeof result.ok).toBe("boolean");
        },
      ),
      { numRuns: 500 },
    );
  });

  it("skips broken HCL with the line of the error", () => {
    const result = parseTerraform(new SourceFile("main.tf", 'resource "a" "b" {\n  x = \n}\n'));
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/^invalid HCL at line \d+$/) });
  });

  it("refuses absurd nesting instead of overflowing", () => {
    const deep = `locals {\n  x = ${"[".repeat(3000)}${"]".repeat(3000)}\n}\n`;
    expect(parseTerraform(new SourceFile("main.tf", deep)).ok).toBe(false);
  });

  it("reports columns in UTF-16 code units after non-ASCII text", () => {
    const m = model(
      'locals { é = "ü" }\nresource "aws_db_instance" "x" {\n  tags = { n = "日本" }, storage_encrypted = false\n}\n'.replace(
        ", storage",
        "\n  storage",
      ),
    );
    const resource = m.blocks[1]!;
    expect(resource.attributes.get("storage_encrypted")!.span).toMatchObject({ line: 4, column: 3 });
  });
});

describe("terraform parser", () => {
  const attribute = (text: string, name = "x") => {
    const found = model(`locals {\n  ${name} = ${text}\n}\n`).blocks[0]!.attributes.get(name);
    if (!found) throw new Error(`no attribute ${name}`);
    return found;
  };
  const value = (text: string) => attribute(text).value;

  it("reads references with attribute access, indexes and splats", () => {
    expect(value("aws_instance.web[0].id")).toMatchObject({
      kind: "reference",
      path: ["aws_instance", "web", "0", "id"],
    });
    expect(value("aws_instance.web.0.id")).toMatchObject({ path: ["aws_instance", "web", "0", "id"] });
    expect(value('var.m["k"].v')).toMatchObject({ path: ["var", "m", "k", "v"] });
    expect(value("var.list[*].id")).toMatchObject({ path: ["var", "list", "*"] });
    expect(value("var.obj.*.name")).toMatchObject({ path: ["var", "obj", "*"] });
    expect(value("var.m[var.k].v")).toMatchObject({ path: ["var", "m", "*"] });
    expect(value("count.index-1")).toMatchObject({ path: ["count", "index-1"] });
  });

  it("reads literals, escapes, templates and heredocs", () => {
    expect(value("0x1F")).toMatchObject({ kind: "literal", value: 31 });
    expect(value("1.5e3")).toMatchObject({ kind: "literal", value: 1500 });
    expect(value('"a\\nb \\u00e9 \\"q\\" $${x}"')).toMatchObject({
      kind: "literal",
      value: `a\nb é "q" \${x}`,
    });
    expect(value(`"app-\${var.env}"`)).toMatchObject({
      kind: "template",
      parts: ["app-", { kind: "reference", path: ["var", "env"] }],
    });
    expect(value(`<<-EOT\n    line one\n    \${local.b}\n    EOT`)).toMatchObject({
      kind: "template",
      heredoc: true,
      parts: ["    line one\n    ", { kind: "reference", path: ["local", "b"] }, "\n"],
    });
    expect(value("<<EOF\nEOF")).toMatchObject({ kind: "literal", value: "" });
    expect(value('"%{ if var.on }yes%{ else }no%{ endif }"')).toMatchObject({ kind: "other" });
  });

  it("reads calls, collections, unary operators and conditionals", () => {
    expect(value('provider::aws::arn_parse("x")')).toMatchObject({
      kind: "call",
      name: "provider::aws::arn_parse",
    });
    expect(value("concat(var.a, [1],)")).toMatchObject({
      kind: "call",
      args: [{ kind: "reference" }, { kind: "tuple" }],
    });
    expect(value('{ "k" = 1, name: 2\n  other = 3 }')).toMatchObject({
      kind: "object",
      entries: [{ key: "k" }, { key: "name" }, { key: "other" }],
    });
    expect(value("!var.enabled")).toMatchObject({
      kind: "unary",
      operator: "!",
      operand: { kind: "reference" },
    });
    expect(value("a ? b : c ? d : e")).toMatchObject({
      kind: "conditional",
      condition: { path: ["a"] },
      whenFalse: { kind: "conditional", condition: { path: ["c"] } },
    });
    expect(value("a + b * c")).toMatchObject({ kind: "other" });
    expect(value('[for s in var.l : upper(s) if s != ""]')).toMatchObject({ kind: "other" });
    expect(value("{for k, v in var.m : k => v...}")).toMatchObject({ kind: "other" });
  });

  it("gives spans that end at the last character of the value", () => {
    const found = attribute("(var.x) # trailing comment");
    expect(found.value).toMatchObject({ kind: "reference", span: { column: 8, endColumn: 13 } });
    expect(found.span).toMatchObject({ line: 2, column: 3, endLine: 2, endColumn: 14 });
  });

  it("skips comments of every style and reads one-line and dynamic blocks", () => {
    const m = model(
      '# a\n// b\n/* c\n d */\nresource "a" "b" { x = 1 }\nresource "aws_security_group" "s" {\n  dynamic "ingress" {\n    for_each = var.rules\n    content {\n      from_port = 22\n    }\n  }\n}\n',
    );
    expect(m.blocks.map((block) => block.labels)).toEqual([
      ["a", "b"],
      ["aws_security_group", "s"],
    ]);
    expect(m.blocks[0]!.span).toMatchObject({ line: 5, column: 1, endColumn: 27 });
    expect(m.blocks[0]!.closeBrace).toBe(m.blocks[0]!.span.end - 1);
    const ingress = m.blocks[1]!.blocks[0]!;
    expect(ingress).toMatchObject({ type: "ingress", dynamic: true });
    expect(ingress.attributes.get("from_port")!.value).toMatchObject({ value: 22 });
  });

  it("says which line holds the error", () => {
    const cases: [string, number][] = [
      ['resource "a" "b" {\n  x = "unfinished\n}\n', 2],
      ['locals {\n  x = "bad \\q escape"\n}\n', 2],
      [`resource "\${var.x}" "b" {}\n`, 1],
      ["locals {\n  a = 1\n\n  b = [1, 2\n}\n", 5],
      ["locals {\n  x = <<EOF\n  never closed\n", 2],
      ['locals {\n  x = "%{ if true }open"\n}\n', 2],
      ["locals {\n  a = 1\n", 3],
    ];
    for (const [text, line] of cases) {
      expect(parseTerraform(new SourceFile("main.tf", text))).toEqual({
        ok: false,
        reason: `invalid HCL at line ${line}`,
      });
    }
  });

  it("parses every generated valid expression, up to its last character", () => {
    const name = fc.constantFrom("a", "var.x", "local.y_1", "b-c", "é", "count.index");
    const word = fc.constantFrom("f", "lower", "b-c", "é");
    const { expr } = fc.letrec<{ expr: string }>((tie) => ({
      expr: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom("1", "1.5", "0x1F", "true", "null", '"s"', '"a\\nb"', '""'),
        name,
        fc
          .tuple(word, fc.array(tie("expr"), { maxLength: 3 }))
          .map(([f, args]) => `${f}(${args.join(", ")})`),
        fc.array(tie("expr"), { maxLength: 3 }).map((items) => `[${items.join(",\n")}]`),
        fc
          .array(fc.tuple(word, tie("expr")), { maxLength: 3 })
          .map((entries) => `{${entries.map(([k, v]) => `${k} = ${v}`).join("\n")}}`),
        fc
          .tuple(fc.constantFrom("-", "!"), tie("expr"))
          .map(([operator, operand]) => `${operator}(${operand})`),
        fc
          .tuple(tie("expr"), fc.constantFrom("+", "==", "&&", "<="), tie("expr"))
          .map(([a, op, b]) => `(${a}) ${op} (${b})`),
        fc.tuple(tie("expr"), tie("expr"), tie("expr")).map(([a, b, c]) => `(${a}) ? (${b}) : (${c})`),
        tie("expr").map((inner) => `"x-\${${inner}}"`),
        tie("expr").map((inner) => `[for v in ${inner} : v]`),
        // the closing marker stands alone on its line
        tie("expr").map((inner) => `<<-EOT\n  \${${inner}}\n  EOT\n`),
      ),
    }));
    fc.assert(
      fc.property(expr, (text) => {
        const found = attribute(text);
        expect(found.span.end).toBe(`locals {\n  x = ${text}`.trimEnd().length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("terraform evaluate", () => {
  const source = `
variable "on" {
  default = true
}
variable "ports" {
  default = [22, 443]
}
variable "no_default" {}
locals {
  name   = "app-\${var.on}"
  nested = { a = { b = "deep" } }
  loop   = local.loop
  pick   = var.on ? "yes" : "no"
  heredoc = <<-EOT
    {"Action": "*"}
  EOT
}
`;
  let m: TerraformModel;
  beforeAll(() => {
    m = model(source);
  });
  const local = (name: string) => evaluate(m.scope.locals.get(name), m.scope);
  it("resolves variables, locals, templates, conditionals", () => {
    expect(local("name")).toBe("app-true");
    expect(local("nested")).toEqual({ a: { b: "deep" } });
    expect(local("pick")).toBe("yes");
    expect(JSON.parse(local("heredoc") as string)).toEqual({ Action: "*" });
    expect(evaluate(m.scope.variableDefaults.get("ports"), m.scope)).toEqual([22, 443]);
  });
  it("says unknown instead of guessing", () => {
    expect(local("loop")).toBe(UNKNOWN);
    expect(evaluate(m.scope.variableDefaults.get("no_default"), m.scope)).toBe(UNKNOWN);
  });
});

describe("terraform fixes", () => {
  const cases: [string, string][] = [
    [
      "terraform/unencrypted-rds-instance",
      'resource "aws_db_instance" "x" {\n  storage_encrypted = false\n}\n',
    ],
    ["terraform/unencrypted-rds-instance", 'resource "aws_db_instance" "x" {\n  engine = "postgres"\n}\n'],
    [
      "terraform/public-rds-instance",
      'resource "aws_db_instance" "x" {\n  publicly_accessible = true # café\n}\n',
    ],
    ["terraform/kms-key-rotation-disabled", '  resource "aws_kms_key" "x" {\n  }\n'],
    [
      "terraform/ec2-imdsv1-enabled",
      'resource "aws_instance" "x" {\n  metadata_options {\n    http_endpoint = "enabled"\n  }\n}\n',
    ],
  ];
  for (const [ruleId, text] of cases) {
    it(`${ruleId} fix removes the finding`, () => {
      const only = (id: string) => id === ruleId;
      const before = analyzeFile(new SourceFile("main.tf", text), ["terraform"], [terraformAnalyzer], only);
      expect(before.findings).toHaveLength(1);
      const fix = before.findings[0]!.fix;
      expect(fix).toBeDefined();
      const fixed = applyTextEdits(text, fix!.edits);
      const after = analyzeFile(new SourceFile("main.tf", fixed), ["terraform"], [terraformAnalyzer], only);
      expect(after.problems).toEqual([]);
      expect(after.findings).toEqual([]);
    });
  }
});

describe("terraform rules on random valid HCL", () => {
  // Resource types and names the rules look at, so random files actually reach rule code.
  const types = [
    "aws_db_instance",
    "aws_rds_cluster",
    "aws_security_group",
    "aws_security_group_rule",
    "aws_iam_policy",
    "aws_iam_role",
    "aws_s3_bucket",
    "aws_s3_bucket_versioning",
    "aws_lb_listener",
    "aws_eks_cluster",
    "aws_lambda_function",
    "google_compute_firewall",
    "google_container_cluster",
    "google_sql_database_instance",
    "azurerm_network_security_rule",
    "azurerm_storage_account",
    "azurerm_role_assignment",
  ];
  const names = [
    "storage_encrypted",
    "publicly_accessible",
    "cidr_blocks",
    "from_port",
    "to_port",
    "protocol",
    "type",
    "policy",
    "assume_role_policy",
    "bucket",
    "role_definition_name",
    "scope",
    "source_ranges",
    "source_address_prefix",
    "direction",
    "access",
    "enabled",
    "variables",
    "user_data",
    "metadata",
  ];
  const blocks = [
    "ingress",
    "settings",
    "ip_configuration",
    "vpc_config",
    "environment",
    "allow",
    "default_action",
    "statement",
  ];
  const scalar = fc.oneof(
    fc.constantFrom(
      "true",
      "false",
      "null",
      "0",
      "22",
      "-1",
      "65535",
      '"0.0.0.0/0"',
      '"*"',
      '"tcp"',
      '"ingress"',
    ),
    fc.constantFrom(
      '"Inbound"',
      '"Allow"',
      '"HTTP"',
      '"Owner"',
      "var.x",
      "local.y",
      "aws_s3_bucket.b.id",
      '"$' + '{var.x}"', // an interpolation, built so the linter does not take it for a JS template
    ),
    fc.constantFrom(
      'jsonencode({ Statement = [{ Effect = "Allow", Action = "*", Resource = "*", Principal = "*" }] })',
    ),
    fc.constantFrom(
      '"{\\"Statement\\": \\"oops\\"}"',
      '{ DB_PASSWORD = "abcdefgh" }',
      '["22", "80-90"]',
      "[for s in var.l : s]",
    ),
  );
  const value = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
  );
  const attribute = fc.tuple(fc.constantFrom(...names), value).map(([name, v]) => `${name} = ${v}`);
  const block: fc.Arbitrary<string> = fc.letrec((tie) => ({
    body: fc
      .array(fc.oneof({ weight: 3, arbitrary: attribute }, { weight: 1, arbitrary: tie("nested") }), {
        maxLength: 5,
      })
      .map((lines) => lines.join("\n")),
    nested: fc
      .tuple(fc.constantFrom(...blocks), fc.boolean(), tie("body"))
      .map(([type, dynamic, body]) =>
        dynamic ? `dynamic "${type}" {\nfor_each = var.x\ncontent {\n${body}\n}\n}` : `${type} {\n${body}\n}`,
      ),
  })).body as fc.Arbitrary<string>;
  const resource = fc
    .tuple(fc.constantFrom(...types), block)
    .map(([type, body]) => `resource "${type}" "r" {\n${body}\n}\n`);

  it("never makes a rule fail", () => {
    fc.assert(
      fc.property(fc.array(resource, { minLength: 1, maxLength: 4 }), (resources) => {
        const text = resources.join("\n");
        const result = analyzeFile(new SourceFile("main.tf", text), ["terraform"], [terraformAnalyzer]);
        expect(result.problems).toEqual([]);
        expect(result.analyzed).toEqual(["terraform"]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("rules run per file", () => {
  it("skip setting rules whose resource types the file lacks, and keep every other rule", () => {
    const file = new SourceFile("main.tf", 'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n}\n');
    const parsed = terraformAnalyzer.parse(file);
    if (!parsed.ok) throw new Error(parsed.reason);
    const ids = new Set(terraformAnalyzer.rulesFor!(parsed.model).map((rule) => rule.id));
    expect(ids.has("terraform/app-service-ftp-enabled")).toBe(false); // plain setting rule, Azure only
    expect(ids.has("terraform/app-service-old-tls")).toBe(false); // aliased setting rule, Azure only
    expect(ids.has("terraform/iam-policy-allows-everything")).toBe(true); // its own check: always runs
    expect(ids.size).toBeLessThan(terraformAnalyzer.rules.length);
  });
});
