import { definePatternRule } from "../pattern-rule.ts";

export const filesystemRootServed = definePatternRule({
  hazard: "filesystem-root-served",
  category: "security",
  title: "The whole file system served over HTTP",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [552],
  controls: [],
  fixable: false,
  docs: {
    summary: 'Go: `http.Dir("/")` or `os.DirFS("/")`, the root of the file system given to a file server.',
    whyItMatters:
      "Every file the process may read is served: `/etc/passwd`, keys and tokens in home directories, `/proc/self/environ` with the process's secrets.",
    remediation: 'Serve a directory that holds only public files: `http.FileServer(http.Dir("./public"))`.',
    example: 'http.Handle("/static/", http.StripPrefix("/static/", http.FileServer(http.Dir("./public"))))',
    references: ["https://cwe.mitre.org/data/definitions/552.html"],
  },
});
