import { goTlsVersionFindings } from "../go-tls.ts";
import { definePatternRule } from "../pattern-rule.ts";

// The named old versions are patterns (`languages/*-patterns.ts`); Go's defaults and versions
// behind names, functions and other files of the package need the module's Go version (`go-tls.ts`).
const patternRule = definePatternRule({
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
      "Code selects SSL 2, SSL 3, TLS 1.0 or TLS 1.1 (`ssl.PROTOCOL_TLSv1`, pyOpenSSL `SSL.TLSv1_METHOD`, `minimum_version = ssl.TLSVersion.TLSv1`). Go: a `tls.Config` with `MinVersion` or `MaxVersion` set to `VersionSSL30`, `VersionTLS10` or `VersionTLS11`, also through a number (`0x0301`), a name or a one-line function of the package; and a `tls.Config` without `MinVersion` (or with `MinVersion: 0`) where the nearest go.mod's `go` line makes TLS 1.0 the default: servers before Go 1.22 (or with `godebug tls10server=1`), clients before Go 1.18. Without a go.mod only an explicit zero is reported, at medium severity. `MaxVersion: 0` is the newest version and is not reported.",
    whyItMatters:
      "These protocol versions have practical attacks (POODLE, BEAST, downgrade) and are disabled by current browsers and compliance baselines; traffic can be decrypted or tampered with.",
    remediation:
      "Use `ssl.create_default_context()` (or `ssl.PROTOCOL_TLS_CLIENT`) and set `minimum_version = ssl.TLSVersion.TLSv1_2`.",
    example: "context = ssl.create_default_context()\ncontext.minimum_version = ssl.TLSVersion.TLSv1_2",
  },
});

export const oldTlsVersion = {
  ...patternRule,
  check(ctx: Parameters<typeof patternRule.check>[0]) {
    patternRule.check(ctx);
    for (const finding of goTlsVersionFindings(ctx.model)) {
      ctx.report({
        message: finding.message,
        at: finding.at,
        ...(finding.severity ? { severity: finding.severity } : {}),
        properties: { category: patternRule.category },
      });
    }
  },
};
