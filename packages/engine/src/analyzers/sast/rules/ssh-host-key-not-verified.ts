import { definePatternRule } from "../pattern-rule.ts";

export const sshHostKeyNotVerified = definePatternRule({
  hazard: "ssh-host-key-not-verified",
  category: "security",
  title: "SSH host key not verified",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [295],
  controls: ["SAST-TLS-01"],
  fixable: false,
  docs: {
    summary:
      "A paramiko client accepts the host keys of unknown servers (`AutoAddPolicy`, `WarningPolicy`). Go: `HostKeyCallback: ssh.InsecureIgnoreHostKey()` in an `ssh.ClientConfig`.",
    whyItMatters:
      "Whoever can intercept the connection presents their own key and receives the credentials and commands meant for the server.",
    remediation:
      "Load known host keys (`client.load_system_host_keys()` or a pinned `known_hosts`) and keep the default `RejectPolicy`.",
    example: "client.load_system_host_keys()\nclient.set_missing_host_key_policy(paramiko.RejectPolicy())",
  },
});
