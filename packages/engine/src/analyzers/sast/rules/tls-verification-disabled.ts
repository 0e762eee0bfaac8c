import { definePatternRule } from "../pattern-rule.ts";

export const tlsVerificationDisabled = definePatternRule({
  hazard: "tls-verification-disabled",
  category: "security",
  title: "TLS certificate verification disabled",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [295],
  controls: ["SAST-TLS-01"],
  fixable: true,
  docs: {
    summary:
      "Code turns off certificate or host name checks: `rejectUnauthorized: false`, `NODE_TLS_REJECT_UNAUTHORIZED=0`, `verify=False`, `ssl.CERT_NONE`, `InsecureSkipVerify: true` (or `conf.InsecureSkipVerify = true`), a trust-all `TrustManager` or `HostnameVerifier`.",
    whyItMatters:
      "Anyone on the network path can impersonate the server and read or change the traffic, including credentials.",
    remediation:
      'Keep verification on. For private CAs, add the CA certificate to the trust store (`ca:`, `verify="/path/ca.pem"`, `RootCAs`) instead of disabling checks.',
    example: 'requests.get(url, verify="/etc/ssl/private-ca.pem", timeout=10)',
    references: ["https://cwe.mitre.org/data/definitions/295.html"],
  },
});
