import { defineTaintRule } from "../taint-rule.ts";

export const pathTraversal = defineTaintRule({
  hazard: "path-traversal",
  category: "security",
  title: "File path built from untrusted input",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [22],
  controls: ["SAST-PATH-01"],
  fixable: false,
  docs: {
    summary:
      "Untrusted input reaches a file system path (read, write, delete, send file, or the view name of Express `res.render`, which is resolved as a file under the views folder) without being reduced to a base name or checked against a base directory.",
    whyItMatters:
      "`../../etc/passwd` or an absolute path reads or overwrites files outside the intended folder: configuration, keys, source code.",
    remediation:
      "Reduce the name to its base name (`path.basename`, `os.path.basename`, `filepath.Base`), or resolve the full path and check it starts with the base directory before use; better, map identifiers to files through an allow-list.",
    example: "const name = path.basename(req.params.name);\nres.sendFile(name, { root: UPLOADS });",
    references: ["https://owasp.org/www-community/attacks/Path_Traversal"],
  },
});
