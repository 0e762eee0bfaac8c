import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkOpenPorts } from "../network.ts";

export const rdpOpenToInternet: FileRule<TerraformModel> = {
  id: "terraform/rdp-open-to-internet",
  analyzer: "terraform",
  title: "RDP (port 3389) open to the internet",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-01"],
  docs: {
    summary:
      "A security group, network ACL, Azure network security rule or Google firewall admits port 3389 " +
      "from `0.0.0.0/0`, `::/0`, `*` or `Internet`.",
    whyItMatters:
      "Internet-facing RDP is the most common ransomware entry point: password spraying and RDP " +
      "vulnerabilities (BlueKeep) need nothing but the open port.",
    remediation:
      "Restrict the source to known ranges, or use a bastion (Azure Bastion, Session Manager, IAP). Rules " +
      "that open every port are reported once, by `terraform/all-ports-open-to-internet`.",
    example:
      'resource "azurerm_network_security_rule" "rdp" {\n  direction                  = "Inbound"\n  access                     = "Allow"\n  destination_port_range     = "3389"\n  source_address_prefix      = "10.0.0.0/8"\n}',
    references: ["https://learn.microsoft.com/azure/virtual-network/network-security-groups-overview"],
  },
  check(ctx) {
    checkOpenPorts(ctx, [3389], () => "RDP port 3389");
  },
};
