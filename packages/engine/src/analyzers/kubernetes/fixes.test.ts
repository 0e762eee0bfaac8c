// Fixes are byte-offset edits that turn the unsafe literal into the safe one, and nothing else.
import { describe, expect, it } from "vitest";
import { applyTextEdits } from "../../../test/fixture-harness.ts";
import { analyzeFile } from "../../analyze.ts";
import type { Analyzer } from "../../analyzer.ts";
import { SourceFile } from "../../source.ts";
import { kubernetesAnalyzer } from "./analyzer.ts";

function fixed(text: string, ruleId: string): string {
  const file = new SourceFile("pod.yaml", text);
  const result = analyzeFile(file, ["kubernetes"], [kubernetesAnalyzer as Analyzer], (id) => id === ruleId);
  return applyTextEdits(
    text,
    result.findings.flatMap((finding) => finding.fix?.edits ?? []),
  );
}

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: café
spec:
  containers:
    - name: app
      image: app:1
      securityContext:
        privileged: yes
        allowPrivilegeEscalation: true
`;

describe("kubernetes fixes", () => {
  it("turns privileged off, even written as a YAML 1.1 boolean", () => {
    expect(fixed(POD, "kubernetes/privileged-container")).toBe(
      POD.replace("privileged: yes", "privileged: false"),
    );
  });

  it("turns privilege escalation off", () => {
    expect(fixed(POD, "kubernetes/privilege-escalation-allowed")).toBe(
      POD.replace("allowPrivilegeEscalation: true", "allowPrivilegeEscalation: false"),
    );
  });
});
