import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, keyValuePairs } from "../model.ts";

/** RFC 3339 date-time: `2024-09-30T12:00:00Z`, `2024-09-30T12:00:00.5+02:00`. */
const RFC3339 =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
/** An absolute URL, or the scp-like `git@host:org/repo.git` that git tools accept as a source. */
const URL_LIKE = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/]+\S*|[\w.-]+@[\w.-]+:\S+)$/;
const DIGEST = /^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[A-Fa-f0-9]{32,}$/;

/** A simple SPDX identifier, a LicenseRef, or a DocumentRef to one. */
const SPDX_ID =
  /^(?:DocumentRef-[A-Za-z0-9.-]+:)?(?:LicenseRef-[A-Za-z0-9.-]+|[A-Za-z0-9][A-Za-z0-9.-]*\+?)$/;
/** Common names that are not SPDX identifiers, with the identifier they usually mean. */
const NOT_SPDX: Record<string, string> = {
  apache: "Apache-2.0",
  apache2: "Apache-2.0",
  "apache-2": "Apache-2.0",
  gpl: "GPL-2.0-only or GPL-3.0-only",
  gplv2: "GPL-2.0-only",
  gplv3: "GPL-3.0-only",
  lgpl: "LGPL-2.1-only or LGPL-3.0-only",
  bsd: "BSD-2-Clause or BSD-3-Clause",
  proprietary: "LicenseRef-Proprietary",
};

/** Why a license expression is not valid SPDX, or null. Grammar: ids joined by AND/OR/WITH, parentheses. */
export function spdxProblem(expression: string): string | null {
  const tokens = expression.replace(/[()]/g, " $& ").trim().split(/\s+/);
  let expectOperand = true;
  let depth = 0;
  for (const token of tokens) {
    if (token === "(") {
      if (!expectOperand) return "is not an SPDX expression (a parenthesis where an operator belongs)";
      depth++;
    } else if (token === ")") {
      if (expectOperand || --depth < 0) return "is not an SPDX expression (unbalanced parentheses)";
    } else if (/^(?:AND|OR|WITH|and|or|with)$/.test(token)) {
      if (expectOperand) return `is not an SPDX expression ("${token}" without a license before it)`;
      expectOperand = true;
    } else {
      if (!expectOperand) return `is not an SPDX expression (two names in a row: "${token}")`;
      const known = NOT_SPDX[token.toLowerCase()];
      if (known) return `names "${token}", not an SPDX identifier (${known}?)`;
      if (!SPDX_ID.test(token)) return `is not an SPDX expression ("${token}")`;
      expectOperand = false;
    }
  }
  return expectOperand || depth !== 0 ? "is not a complete SPDX expression" : null;
}

type Check = (value: string) => string | null;
const rfc3339: Check = (value) => (RFC3339.test(value) ? null : "is not an RFC 3339 date-time");
const url: Check = (value) => (URL_LIKE.test(value) ? null : "is not an absolute URL");

/** Keys whose value has a documented format (OCI image annotations and the older label-schema). */
const VALUE_FORMATS: Record<string, Check> = {
  "org.opencontainers.image.created": rfc3339,
  "org.opencontainers.image.url": url,
  "org.opencontainers.image.documentation": url,
  "org.opencontainers.image.source": url,
  "org.opencontainers.image.licenses": spdxProblem,
  "org.opencontainers.image.base.digest": (value) =>
    DIGEST.test(value) ? null : "is not a digest (sha256:…)",
  "org.label-schema.build-date": rfc3339,
  "org.label-schema.url": url,
  "org.label-schema.vcs-url": url,
  "org.label-schema.usage": url,
};

export const invalidOciLabelValue = defineFileRule<DockerfileModel>({
  id: "dockerfile/invalid-oci-label-value",
  analyzer: "dockerfile",
  title: "OCI image label with a value in the wrong format",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "A standard image label is empty or breaks its documented format: `org.opencontainers.image.created` is not an RFC 3339 date-time, `url`, `source` or `documentation` is not a URL, `licenses` is not an SPDX expression, `base.digest` is not a digest (and the label-schema equivalents).",
    whyItMatters:
      "Registries, SBOM and licence tools, and provenance checks parse these labels: a malformed value is dropped or misread, so the image's source, age or licence is reported wrongly or not at all, and licence compliance checks pass or fail on the wrong data.",
    remediation:
      "Write `created` as `2024-09-30T12:00:00Z`, URLs with their scheme, licences as SPDX identifiers (`Apache-2.0`, `MIT OR Apache-2.0`). Values built from variables are not checked.",
    example:
      'LABEL org.opencontainers.image.created="2024-09-30T12:00:00Z" \\\n      org.opencontainers.image.source="https://github.com/example/app" \\\n      org.opencontainers.image.licenses="Apache-2.0"',
    references: [
      "https://github.com/opencontainers/image-spec/blob/main/annotations.md",
      "https://spdx.github.io/spdx-spec/v2.3/SPDX-license-expressions/",
    ],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const label of instructionsOf(stage)) {
        if (label.keyword !== "LABEL") continue;
        for (const pair of keyValuePairs(label)) {
          const key = pair.key.toLowerCase();
          if (pair.value === null || /[$`]/.test(pair.value)) continue;
          const format = VALUE_FORMATS[key];
          const problem =
            pair.value.trim() === "" && key.startsWith("org.opencontainers.image.")
              ? "is empty"
              : format?.(pair.value.trim());
          if (!problem) continue;
          ctx.report({
            message: `${pair.key} value "${pair.value}" ${problem}`,
            at: { line: pair.at.line, column: pair.at.column },
          });
        }
      }
    }
  },
});
