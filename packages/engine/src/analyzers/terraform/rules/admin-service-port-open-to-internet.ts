import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkOpenPorts } from "../network.ts";

/**
 * Remote administration and control-plane ports beyond SSH and RDP (which have their own rules):
 * services that give a shell, files or control of a host or cluster to whoever reaches them.
 */
const ADMIN_PORTS: Record<number, string> = {
  21: "FTP",
  23: "Telnet",
  135: "Microsoft RPC",
  139: "NetBIOS",
  445: "SMB",
  2375: "the Docker API (plain)",
  2376: "the Docker API",
  2379: "etcd",
  5900: "VNC",
  5985: "WinRM",
  5986: "WinRM over HTTPS",
  6443: "the Kubernetes API",
  10250: "the kubelet API",
};

export const adminServicePortOpenToInternet: FileRule<TerraformModel> = {
  id: "terraform/admin-service-port-open-to-internet",
  analyzer: "terraform",
  title: "Remote administration service port open to the internet",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-01"],
  docs: {
    summary:
      "A network rule admits a remote administration or control-plane port (Telnet 23, FTP 21, SMB 445, RPC 135, " +
      "NetBIOS 139, VNC 5900, WinRM 5985/5986, Docker API 2375/2376, etcd 2379, Kubernetes API 6443, kubelet 10250) " +
      "from the internet.",
    whyItMatters:
      "These services hand out shells, files or control of a host or cluster; they are scanned for constantly, " +
      "several send credentials in clear text, and some (Docker, kubelet, etcd) often run without authentication.",
    remediation:
      "Admit these ports only from a VPN or bastion range, or reach the hosts through SSM Session Manager, IAP or a " +
      "private endpoint. Rules opening every port are reported by `all-ports-open-to-internet` instead.",
    example:
      'resource "aws_security_group_rule" "winrm" {\n  type        = "ingress"\n  from_port   = 5986\n  to_port     = 5986\n  protocol    = "tcp"\n  cidr_blocks = ["10.8.0.0/16"]\n}',
  },
  check(ctx) {
    const ports = Object.keys(ADMIN_PORTS).map(Number);
    checkOpenPorts(ctx, ports, (port) => `${ADMIN_PORTS[port]} port ${port}`);
  },
};
