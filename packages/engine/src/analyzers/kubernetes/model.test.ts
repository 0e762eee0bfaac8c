// The parser never throws, skips Helm templates with a clear reason, and reads every document.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SourceFile } from "../../source.ts";
import { parseKubernetes } from "./model.ts";

const parse = (text: string) => parseKubernetes(new SourceFile("manifest.yaml", text));

describe("parseKubernetes", () => {
  it("never throws on random text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        parse(text);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on random manifest fragments", () => {
    const token = fc.constantFrom(
      "apiVersion: v1\n",
      "kind: Pod\n",
      "kind: CronJob\n",
      "---\n",
      "spec:\n",
      "  containers:\n",
      "    - name: a\n",
      "      securityContext: {privileged: true}\n",
      "  template:\n",
      "{{ .Values.x }}\n",
      "&a ",
      "*a ",
      "<<: *a\n",
      "- ",
      "[",
      "]",
      ": ",
      "\n",
      "  ",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (parts) => {
        parse(parts.join(""));
      }),
      { numRuns: 500 },
    );
  });

  it("skips an unrendered Helm template with the reason", () => {
    const result = parse(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ include "app.fullname" . }}\n  labels:\n    {{- include "app.labels" . | nindent 4 }}\nspec:\n  replicas: {{ .Values.replicaCount }}\n',
    );
    expect(result).toEqual({ ok: false, reason: "Helm template (not valid YAML)" });
  });

  it("reads every document, flattens Lists and finds CronJob containers", () => {
    const result = parse(
      [
        "# comment-only document",
        "---",
        "apiVersion: v1",
        "kind: List",
        "items:",
        "  - apiVersion: v1",
        "    kind: Pod",
        "    metadata: {name: a}",
        "    spec: {containers: [{name: c, image: x}]}",
        "---",
        "apiVersion: batch/v1",
        "kind: CronJob",
        "metadata: {name: b}",
        "spec:",
        "  jobTemplate:",
        "    spec:",
        "      template:",
        "        spec:",
        "          containers:",
        "            - name: job",
        "              image: y",
      ].join("\n"),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(
      result.model.workloads.map((w) => [w.object.kind, w.containers[0]?.name, w.containers[0]?.line]),
    ).toEqual([
      ["Pod", "c", 9],
      ["CronJob", "job", 20],
    ]);
  });

  it("skips deep nesting and alias bombs with a reason", () => {
    expect(parse(`apiVersion: v1\nkind: Pod\nspec: ${"[".repeat(5000)}${"]".repeat(5000)}\n`).ok).toBe(false);
    const lines = ["apiVersion: v1", "kind: ConfigMap", "a: &a [x, x, x, x, x, x, x, x, x, x]"];
    const names = "abcdefghij";
    for (let index = 1; index < names.length; index++) {
      lines.push(
        `${names[index]}: &${names[index]} [${Array(10)
          .fill(`*${names[index - 1]}`)
          .join(", ")}]`,
      );
    }
    expect(parse(lines.join("\n")).ok).toBe(false);
  });
});
