import { definePatternRule } from "../pattern-rule.ts";

export const cleartextProtocol = definePatternRule({
  hazard: "cleartext-protocol",
  category: "security",
  title: "Clear-text network protocol",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  cwe: [319],
  controls: ["SAST-CFG-01"],
  fixable: false,
  docs: {
    summary:
      "A Telnet (`telnetlib.Telnet`) or FTP (`ftplib.FTP`, not `FTP_TLS`) client is opened, or pysnmp talks SNMP without privacy: `CommunityData` (v1/v2c community strings) or `UsmUserData` without a privacy key.",
    whyItMatters:
      "User names, passwords and data cross the network unencrypted; anyone on the path reads or changes them.",
    remediation:
      "Use SSH (paramiko) instead of Telnet, and SFTP or `ftplib.FTP_TLS` with `prot_p()` instead of FTP.",
    example: "ftp = ftplib.FTP_TLS(host)\nftp.login(user, password)\nftp.prot_p()",
  },
});
