import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const azureVmPasswordAuthentication = aliasedSettingRule(
  {
    id: "terraform/azure-vm-password-authentication",
    analyzer: "terraform",
    title: "Azure Linux VM allows password authentication",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_linux_virtual_machine` (or scale set, or a legacy `azurerm_virtual_machine` in `os_profile_linux_config`) sets `disable_password_authentication = false`.",
      whyItMatters: "SSH passwords can be guessed and sprayed; keys cannot.",
      remediation: "Set `disable_password_authentication = true` and provide `admin_ssh_key`.",
      example:
        'resource "azurerm_linux_virtual_machine" "vm" {\n  disable_password_authentication = true\n  admin_ssh_key {\n    username   = "azureuser"\n    public_key = file("id_ed25519.pub")\n  }\n}',
      references: ["https://learn.microsoft.com/azure/virtual-machines/linux/create-ssh-keys-detailed"],
    },
  },
  [
    {
      types: ["azurerm_linux_virtual_machine", "azurerm_linux_virtual_machine_scale_set"],
      attribute: "disable_password_authentication",
      aliases: [],
      judge: judge.boolean(true),
      whenMissing: "safe",
      problem: "allows SSH password authentication",
      fixValue: "true",
    },
    // the legacy azurerm_virtual_machine: os_profile_linux_config { disable_password_authentication }
    {
      types: ["azurerm_virtual_machine"],
      path: ["os_profile_linux_config"],
      attribute: "disable_password_authentication",
      aliases: [],
      judge: judge.boolean(true),
      whenMissing: "safe",
      problem: "allows SSH password authentication",
      fixValue: "true",
    },
  ],
);
