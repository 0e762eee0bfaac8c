import { definePatternRule } from "../pattern-rule.ts";

export const filePathFromVariable = definePatternRule({
  hazard: "file-path-from-variable",
  category: "security",
  title: "File opened at a path that is not fixed in the code (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [22],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Go): `os.Open`, `OpenFile`, `ReadFile`, `WriteFile`, `Create`, `Remove(All)`, `ReadDir`, `Mkdir(All)`, `Chmod` or their `ioutil` forms with a path that is not fixed text (a function parameter, a package-level variable, a value a call returned, or text built from them) where no source of it is known. A path from request data is `sast/path-traversal`'s finding and one from the command line or environment `sast/unvalidated-local-input`'s; literals, constants and local names assigned only literals (or derived from them by `filepath` functions) are not reported, nor a path passed through `filepath.Clean` or `filepath.Rel` in the call or held by a name the file assigns from one of them, nor a name assigned a directory entry's own name (`found = d.Name()` in a walk: a base name the program listed). Test code is not reported.",
    whyItMatters:
      "A path with `../` or an absolute path reads or writes outside the directory the code means. The values a parameter receives are decided by its callers, which is why gosec reports every such call; most are harmless, some are the path an attacker controls two calls up.",
    remediation:
      "Where the path joins a base directory and a name from elsewhere, reject names that are not local (`filepath.IsLocal`) or open the file through `os.Root` (Go 1.24). Where the callers are all internal and fixed, suppress the finding with that reason.",
    example:
      'if !filepath.IsLocal(name) {\n\treturn errors.New("not a local path")\n}\ndata, err := os.ReadFile(filepath.Join(baseDir, name))',
    references: ["https://cwe.mitre.org/data/definitions/22.html"],
  },
});
