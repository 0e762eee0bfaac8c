import { judge, settingRule } from "../checks.ts";

export const transferServerAllowsFtp = settingRule(
  {
    id: "terraform/transfer-server-allows-ftp",
    analyzer: "terraform",
    title: "Transfer Family server accepts plain FTP",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An `aws_transfer_server` lists `FTP` in `protocols`.",
      whyItMatters: "FTP sends user names, passwords and files in clear text.",
      remediation: 'Use `protocols = ["SFTP"]` (or `FTPS`).',
      example: 'resource "aws_transfer_server" "files" {\n  protocols = ["SFTP"]\n}',
    },
  },
  {
    types: ["aws_transfer_server"],
    attribute: "protocols",
    judge: (value) => {
      const ftp = judge.includes("FTP")(value);
      return ftp === "unknown" ? "unknown" : ftp === "safe" ? "unsafe" : "safe";
    },
    whenMissing: "safe",
    problem: "accepts plain FTP",
  },
);
