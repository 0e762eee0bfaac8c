import { definePatternRule } from "../pattern-rule.ts";

export const oldTlsVersion = definePatternRule({
  hazard: "old-tls-version",
  category: "security",
  title: "Old SSL/TLS protocol version",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [326, 327],
  controls: ["SAST-CRY-01"],
  fixable: true,
  docs: {
    summary:
      "Code selects SSL 2, SSL 3, TLS 1.0 or TLS 1.1 (`ssl.PROTOCOL_TLSv1`, pyOpenSSL `SSL.TLSv1_METHOD`, `minimum_version = ssl.TLSVersion.TLSv1`). Go: a `tls.Config` with `MinVersion` or `MaxVersion` set to `VersionSSL30`, `VersionTLS10` or `VersionTLS11`.",
    whyItMatters:
      "These protocol versions have practical attacks (POODLE, BEAST, downgrade) and are disabled by current browsers and compliance baselines; traffic can be decrypted or tampered with.",
    remediation:
      "Use `ssl.create_default_context()` (or `ssl.PROTOCOL_TLS_CLIENT`) and set `minimum_version = ssl.TLSVersion.TLSv1_2`.",
    example: "context = ssl.create_default_context()\ncontext.minimum_version = ssl.TLSVersion.TLSv1_2",
  },
});
