import { judge, settingRule } from "../checks.ts";

export const eksNodeGroupSshOpen = settingRule(
  {
    id: "terraform/eks-node-group-ssh-open",
    analyzer: "terraform",
    title: "EKS node group allows SSH from anywhere",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-01"],
    docs: {
      summary:
        "An `aws_eks_node_group` has `remote_access` (an SSH key) without `source_security_group_ids`, which opens port 22 on the nodes to 0.0.0.0/0.",
      whyItMatters:
        "Every worker node accepts SSH from the internet; a leaked key or an SSH flaw gives a foothold inside the cluster.",
      remediation:
        "Set `source_security_group_ids` to a bastion's group, or drop `remote_access` and use SSM Session Manager.",
      example:
        'resource "aws_eks_node_group" "workers" {\n  remote_access {\n    ec2_ssh_key               = "ops"\n    source_security_group_ids = [aws_security_group.bastion.id]\n  }\n}',
    },
  },
  {
    types: ["aws_eks_node_group"],
    path: ["remote_access"],
    attribute: "source_security_group_ids",
    judge: judge.nonEmptyList,
    whenMissing: "safe",
    whenAttributeMissing: "unsafe",
    problem: "opens SSH on its nodes to the internet",
  },
);
