import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classify, decodeText, hasBinaryExtension, isDockerfileName, possibleKinds } from "./classify.ts";

describe("classify", () => {
  it("recognises Terraform and Dockerfiles by name", () => {
    expect(classify("infra/main.tf", "")).toEqual(["terraform", "text"]);
    expect(classify("prod.tfvars", "")).toEqual(["terraform-vars", "text"]);
    expect(classify("infra/main.tofu", "")).toEqual(["terraform", "text"]);
    for (const name of [
      "Dockerfile",
      "dockerfile",
      "Dockerfile.prod",
      "api.dockerfile",
      "Containerfile",
      "Dockerfile-dev",
    ]) {
      expect(isDockerfileName(`x/${name}`), name).toBe(true);
    }
    expect(isDockerfileName("Dockerfiles.md")).toBe(false);
    // code, docs and data about Dockerfiles are not Dockerfiles
    for (const path of [
      "src/dockerfile.js",
      "syntax/dockerfile.vim",
      "docs/Dockerfile.md",
      "node_modules/dockerfile-ast/lib/dockerfile.js",
      "lib/dockerfile.d.ts",
      "dockerfile.py",
      "Dockerfile.txt",
      "dockerfile.json",
      "Dockerfile.yml",
      "containerfile.go",
      "dockerfile.sh",
    ]) {
      expect(isDockerfileName(path), path).toBe(false);
      expect(classify(path, "FROM alpine\n"), path).not.toContain("dockerfile");
    }
    for (const name of [
      "Dockerfile.dev",
      "Containerfile.prod",
      "web.containerfile",
      "Dockerfile.alpine3.20",
    ]) {
      expect(isDockerfileName(name), name).toBe(true);
    }
    expect(classify("docker/Dockerfile.ci", "FROM alpine")).toEqual(["dockerfile", "text"]);
  });

  it("tells YAML files apart by content", () => {
    const workflow = "name: ci\non:\n  push:\njobs:\n  build:\n    runs-on: ubuntu-latest\n";
    expect(classify("anywhere/ci.yml", workflow)).toEqual(["yaml", "github-workflow", "text"]);
    expect(classify("action.yml", "name: a\nruns:\n  using: node20\n")).toEqual([
      "yaml",
      "github-action",
      "text",
    ]);
    const dependabot = "version: 2\nupdates:\n  - package-ecosystem: npm\n    directory: /\n";
    expect(classify(".github/dependabot.yml", dependabot)).toEqual(["yaml", "dependabot-config", "text"]);
    expect(classify("config/dependabot.yml", "enabled: true\n")).toEqual(["yaml", "text"]);
    const cfn = "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n";
    expect(classify("stack.yaml", cfn)).toEqual(["yaml", "cloudformation", "text"]);
    expect(classify("t.yaml", "AWSTemplateFormatVersion: '2010-09-09'\n")).toEqual([
      "yaml",
      "cloudformation",
      "text",
    ]);
    const k8s =
      "# comment\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n---\napiVersion: v1\nkind: Service\n";
    expect(classify("deploy/pod.yaml", k8s)).toEqual(["yaml", "kubernetes", "text"]);
    expect(classify("chart/templates/pod.yaml", `${k8s}  name: {{ .Values.name }}\n`)).toEqual([
      "yaml",
      "text",
    ]);
    expect(classify("config.yml", "database:\n  host: x\n")).toEqual(["yaml", "text"]);
    // Helm: `{{` where YAML sees it is a template; in quotes, block scalars or comments it is YAML
    for (const text of [
      `${k8s}  name: "{{ .Values.name }}"\n`,
      `${k8s}  labels: { app: '{{ .Release.Name }}' }\n`,
      `${k8s}  annotations:\n    script: |\n      echo {{ not a template }}\n    next: x\n`,
      `${k8s}  # {{ comment }}\n`,
    ]) {
      expect(classify("chart/templates/pod.yaml", text), text).toEqual(["yaml", "kubernetes", "text"]);
    }
    for (const text of [
      `{{- if .Values.enabled }}\n${k8s}{{- end }}\n`,
      `${k8s}  annotations:\n    script: |\n      echo ok\n  name: {{ .Values.name }}\n`,
      `${k8s}  labels: {{- include "chart.labels" . | nindent 4 }}\n`,
    ]) {
      expect(classify("chart/templates/pod.yaml", text), text).toEqual(["yaml", "text"]);
    }
    // nested keys are not top-level keys
    expect(classify("x.yml", "spec:\n  apiVersion: v1\n  kind: Pod\n")).toEqual(["yaml", "text"]);
  });

  it("finds CloudFormation in JSON and .template files", () => {
    const json = '{\n  "Resources": {\n    "Db": { "Type": "AWS::RDS::DBInstance" }\n  }\n}\n';
    expect(classify("stack.json", json)).toEqual(["json", "cloudformation", "text"]);
    expect(classify("package.json", '{"name":"x"}')).toEqual(["json", "text"]);
    expect(classify("old.template", json)).toEqual(["cloudformation", "text"]);
  });

  it("recognises source code by extension", () => {
    const expected: [string, string][] = [
      ["src/app.js", "javascript"],
      ["src/app.mjs", "javascript"],
      ["src/app.cjs", "javascript"],
      ["src/App.jsx", "javascript"],
      ["src/app.ts", "typescript"],
      ["src/app.mts", "typescript"],
      ["src/app.cts", "typescript"],
      ["src/App.TSX", "typescript"],
      ["app/views.py", "python"],
      ["cmd/main.go", "go"],
      ["src/main/java/App.java", "java"],
      ["src/dockerfile.js", "javascript"],
    ];
    for (const [path, kind] of expected) expect(classify(path, ""), path).toEqual([kind, "text"]);
    for (const path of ["README.md", "x.pyc", "constructor", "a.constructor", "a.toString", "x.rb"]) {
      expect(classify(path, ""), path).toEqual(["text"]);
    }
  });

  it("marks dependency manifests and lockfiles by the parsers' format table", () => {
    expect(classify("package-lock.json", "{}")).toEqual(["json", "manifest", "text"]);
    expect(classify("web/npm-shrinkwrap.json", "{}")).toEqual(["json", "manifest", "text"]);
    expect(classify("pnpm-lock.yaml", "lockfileVersion: '9.0'\n")).toEqual(["yaml", "manifest", "text"]);
    expect(classify("svc/requirements-dev.txt", "flask\n")).toEqual(["manifest", "text"]);
    expect(classify("requirements/base.txt", "")).toEqual(["manifest", "text"]);
    expect(classify("go.sum", "")).toEqual(["manifest", "text"]);
    expect(classify("tools/go.mod", "")).toEqual(["manifest", "text"]);
    expect(classify("pom.xml", "<project/>")).toEqual(["manifest", "text"]);
    expect(classify("src/Api/Api.csproj", "<Project/>")).toEqual(["manifest", "text"]);
    expect(classify("Cargo.lock", "")).toEqual(["manifest", "text"]);
    // package.json is read as a sibling of a lockfile, not on its own; other text files are not manifests.
    for (const path of ["package.json", "notes.txt", "yarn.lock.bak", "docs/go.mod.md"]) {
      expect(classify(path, "").includes("manifest"), path).toBe(false);
    }
  });

  it("marks renamed lockfiles by their head, and any file the user declared as one", () => {
    const yarnV1 = "# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n# yarn lockfile v1\n\n";
    expect(classify("yarn.lock.bak", yarnV1)).toEqual(["manifest", "text"]);
    expect(classify("old/lock.yaml", "lockfileVersion: '9.0'\n")).toEqual(["yaml", "manifest", "text"]);
    expect(classify("config/app.json", '{\n  "lockfileVersion": 3\n}')).toEqual(["json", "text"]);
    expect(classify("vendor/deps.data", "anything")).toEqual(["text"]);
    expect(classify("vendor/deps.data", "anything", "package-lock.json")).toEqual(["manifest", "text"]);
  });

  it("skips binary names", () => {
    expect(hasBinaryExtension("logo.PNG")).toBe(true);
    expect(hasBinaryExtension("main.tf")).toBe(false);
    expect(hasBinaryExtension(".gitignore")).toBe(false);
  });
});

describe("decodeText", () => {
  it("rejects NUL bytes and invalid UTF-8, accepts BOMs", () => {
    expect(decodeText(Buffer.from([0x41, 0x00, 0x42]))).toEqual({
      ok: false,
      reason: "binary content (NUL byte)",
    });
    expect(decodeText(Buffer.alloc(200, 0xff)).ok).toBe(false);
    expect(decodeText(Buffer.from("\uFEFFkey: value", "utf8"))).toEqual({ ok: true, text: "key: value" });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("a: b", "utf16le")]);
    expect(decodeText(utf16)).toEqual({ ok: true, text: "a: b" });
    expect(decodeText(Buffer.from("caf\u00e9 \u2713", "utf8"))).toEqual({
      ok: true,
      text: "caf\u00e9 \u2713",
    });
  });
});

describe("classification of arbitrary input (property)", () => {
  it("never throws, and every decoded file is text", () => {
    const name = fc.oneof(
      fc.constantFrom(
        "main.tf",
        "x.yaml",
        "a.yml",
        "t.json",
        "Dockerfile",
        "action.yml",
        "c.template",
        "README",
      ),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(name, fc.uint8Array({ maxLength: 3000 }), (path, bytes) => {
        const decoded = decodeText(bytes);
        if (!decoded.ok) {
          expect(decoded.reason).toMatch(/^binary content/);
          return;
        }
        const kinds = classify(path, decoded.text);
        expect(kinds[kinds.length - 1]).toBe("text");
      }),
      { numRuns: 1000 },
    );
  });
});

/** Every file under `folder`, relative to it (POSIX separators on this platform). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

// A scan loads only the analyzers that the names of its files may need (possibleKinds): a kind that
// classify gives and possibleKinds does not would leave a file unanalyzed without a word.
describe("possibleKinds", () => {
  it("holds every kind classify gives the analyzers' fixtures and the samples", () => {
    const roots = [join(import.meta.dirname, "analyzers"), join(import.meta.dirname, "../../../samples")];
    let checked = 0;
    for (const root of roots) {
      for (const path of filesUnder(root)) {
        const decoded = decodeText(readFileSync(join(root, path)));
        if (!decoded.ok) continue;
        const possible = possibleKinds(path);
        const missing = classify(path, decoded.text).filter((kind) => !possible.includes(kind));
        expect({ path, missing }).toEqual({ path, missing: [] });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("holds every kind classify gives arbitrary names and content (property)", () => {
    const name = fc.oneof(
      fc.constantFrom(
        "main.tf",
        "x.yaml",
        "action.yml",
        "dependabot.yml",
        "t.json",
        "Dockerfile",
        "c.template",
        "yarn.lock",
        "deps.txt",
        "app.py",
      ),
      fc.string({ maxLength: 30 }),
    );
    const text = fc.oneof(
      fc.constantFrom(
        "AWSTemplateFormatVersion: 2010-09-09\n",
        '{"AWSTemplateFormatVersion": "2010-09-09"}',
        "apiVersion: v1\nkind: Pod\n",
        "on: push\njobs: {}\n",
        "runs:\n  using: node20\n",
        "updates: []\n",
        "# yarn lockfile v1\n",
        "flask==3.0.3\n",
      ),
      fc.string({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(name, text, fc.option(fc.constant("requirements.txt")), (path, content, declared) => {
        const possible = possibleKinds(path, declared ?? undefined);
        for (const kind of classify(path, content, declared ?? undefined)) expect(possible).toContain(kind);
      }),
      { numRuns: 2000 },
    );
  });
});
