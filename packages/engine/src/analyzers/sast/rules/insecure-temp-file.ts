import { definePatternRule } from "../pattern-rule.ts";

export const insecureTempFile = definePatternRule({
  hazard: "insecure-temp-file",
  category: "security",
  title: "Insecure temporary file",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [377, 379],
  controls: ["SAST-CFG-01"],
  fixable: false,
  docs: {
    summary:
      "`tempfile.mktemp`, `os.tempnam` or `os.tmpnam` returns a name to create later, or code uses a fixed path under `/tmp`, `/var/tmp` or `/dev/shm`. Test code is not reported for fixed paths. Go: `os.Create`, `os.OpenFile`, `os.WriteFile`, `os.Mkdir(All)` or `ioutil.WriteFile` of a fixed path under `/tmp`, `/var/tmp` or `/dev/shm` (use `os.CreateTemp`/`os.MkdirTemp`).",
    whyItMatters:
      "Another local user can create the file or a symbolic link at that name first, so the program writes where the attacker chooses or reads the attacker's data.",
    remediation:
      "Create the file atomically with `tempfile.mkstemp`, `NamedTemporaryFile` or `TemporaryDirectory`; they pick an unpredictable name and open it exclusively.",
    example: "with tempfile.NamedTemporaryFile(delete=False) as handle:\n    handle.write(data)",
  },
});
