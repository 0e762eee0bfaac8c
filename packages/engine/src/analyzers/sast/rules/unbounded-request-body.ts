import { definePatternRule } from "../pattern-rule.ts";

export const unboundedRequestBody = definePatternRule({
  hazard: "unbounded-request-body",
  category: "security",
  title: "Multipart request body parsed without a size limit",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [770],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Go: `r.ParseMultipartForm(maxMemory)` in a file that never wraps a body in `http.MaxBytesReader` (or uses `http.MaxBytesHandler`). `ParseForm`, `FormValue` and `PostFormValue` are not reported: net/http caps the bodies they read at 10 MB.",
    whyItMatters:
      "`maxMemory` only decides how much of the upload stays in memory; the rest of the parts is written to temporary files, as much as the client sends. One request can fill the disk the server writes its temporary files to.",
    remediation:
      "Bound the body before parsing: `r.Body = http.MaxBytesReader(w, r.Body, 32<<20)`, or wrap the handler in `http.MaxBytesHandler`.",
    example:
      'r.Body = http.MaxBytesReader(w, r.Body, 32<<20)\nif err := r.ParseMultipartForm(8 << 20); err != nil {\n\thttp.Error(w, "upload too large", http.StatusRequestEntityTooLarge)\n\treturn\n}',
    references: ["https://pkg.go.dev/net/http#MaxBytesReader"],
  },
});
