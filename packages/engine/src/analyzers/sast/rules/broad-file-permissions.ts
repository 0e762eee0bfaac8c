import { definePatternRule } from "../pattern-rule.ts";

export const broadFilePermissions = definePatternRule({
  hazard: "broad-file-permissions",
  category: "security",
  title: "File or directory created with access for other users (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [276],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Go): `os.WriteFile`, `ioutil.WriteFile`, `os.OpenFile` or `os.Chmod` with a literal mode that grants the group or other users any access (beyond `0600`/`0700`), or `os.Mkdir(All)` with a mode beyond `0750` (other users may list or enter, or the group may write), the thresholds gosec reports by default. A mode in which other users may write is `sast/permissive-file-permissions`' finding. Test code is not reported.",
    whyItMatters:
      "Every local account and service can read a file created `0644`: harmless for a public asset, a leak for a token, a key, a database or a user's data, and the mode outlives the intent of the code that created it.",
    remediation:
      "Create files that hold anything private `0600` (directories `0700` or `0750`); where the file is meant to be shared, suppress the finding with that reason.",
    example: "err := os.WriteFile(tokenPath, token, 0o600)",
    references: ["https://cwe.mitre.org/data/definitions/276.html"],
  },
});
