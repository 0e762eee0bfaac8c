import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";
import { isPackageName, packageInvocation } from "../package-managers.ts";

export const unpinnedOsPackage = defineFileRule<DockerfileModel>({
  id: "dockerfile/unpinned-os-package",
  analyzer: "dockerfile",
  title: "OS package installed without a version",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["SCA-PIN-01"],
  docs: {
    summary:
      "`apt-get install`, `apk add`, `yum`/`dnf`/`microdnf install` or `zypper install` names a package without a version, so each build installs whatever the mirror serves that day.",
    whyItMatters:
      "Two builds of one commit produce different images; a broken or compromised package release reaches the image without a reviewed change, and a vulnerable version cannot be traced to the commit that brought it.",
    remediation:
      "Pin each package: `curl=7.88.1-10+deb12u7` (apt), `curl=8.9.1-r0` (apk), `httpd-2.4.57` (yum, dnf), `curl=8.6.0` (zypper), and name the stream of a module (`dnf module install nodejs:20`). Package files, paths, URLs, groups and variables are not flagged.",
    example: "RUN apt-get update && apt-get install -y --no-install-recommends curl=7.88.1-10+deb12u7",
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3008",
      "https://github.com/hadolint/hadolint/wiki/DL3018",
      "https://github.com/hadolint/hadolint/wiki/DL3033",
      "https://github.com/hadolint/hadolint/wiki/DL3037",
      "https://github.com/hadolint/hadolint/wiki/DL3041",
    ],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const invocation = packageInvocation(command);
        if (!invocation?.verb || !invocation.manager.installVerbs.includes(invocation.verb.text)) continue;
        for (const operand of invocation.operands) {
          if (!isPackageName(operand.text)) continue;
          // a module names its stream after a colon (`nodejs:20`); a package its version
          const pinned = invocation.module
            ? operand.text.includes(":")
            : invocation.manager.pinned(operand.text);
          if (pinned) continue;
          const name = invocation.manager.name;
          ctx.report({
            message: invocation.module
              ? `${name} installs module "${operand.text}" without a stream`
              : `${name} installs "${operand.text}" without a version`,
            at: { line: operand.line, column: operand.column },
          });
        }
      }
    }
  },
});
