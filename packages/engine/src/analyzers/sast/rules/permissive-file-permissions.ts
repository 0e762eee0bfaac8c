import { definePatternRule } from "../pattern-rule.ts";

export const permissiveFilePermissions = definePatternRule({
  hazard: "permissive-file-permissions",
  category: "security",
  title: "World-writable file permissions",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  cwe: [732],
  controls: ["SAST-CFG-01"],
  fixable: false,
  docs: {
    summary:
      "`os.chmod`, `os.mkdir`, `os.makedirs` or `Path.chmod` sets a mode in which other users may write (`0o777`, `0o666`, `stat.S_IWOTH`). Go: `os.WriteFile`, `os.Mkdir`/`MkdirAll`, `os.Chmod`, `os.OpenFile`, `ioutil.WriteFile` with an other-writable mode (`0666`, `0o777`) or `os.ModePerm`.",
    whyItMatters:
      "Any local user or compromised service can replace the file's content (code, configuration, data) or plant files in the directory.",
    remediation: "Grant only what the owner needs (`0o600` for secrets, `0o644` or `0o755` otherwise).",
    example: "os.chmod(path, 0o600)",
  },
});
