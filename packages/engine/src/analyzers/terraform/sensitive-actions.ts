// Catalogue of IAM actions that are dangerous when granted on every resource ("Resource": "*"),
// grouped by what they let the holder do. Action names are from the AWS Service Authorization
// Reference. Whole-service wildcards (`iam:*`) and `*` are left to iam-policy-service-wildcard and
// iam-policy-allows-everything, so one statement is not reported by three rules.
import type { FileRuleContext } from "../../rule.ts";
import { addressOf, at } from "./checks.ts";
import type { TerraformModel } from "./model.ts";
import { IDENTITY_POLICY_TYPES, isAllow, policyDocuments } from "./policy.ts";

export const SENSITIVE_ACTIONS = {
  /** Actions that let an identity give itself (or a role it controls) more permissions. */
  privilegeEscalation: [
    "iam:PassRole",
    "iam:CreatePolicyVersion",
    "iam:SetDefaultPolicyVersion",
    "iam:AttachUserPolicy",
    "iam:AttachGroupPolicy",
    "iam:AttachRolePolicy",
    "iam:PutUserPolicy",
    "iam:PutGroupPolicy",
    "iam:PutRolePolicy",
    "iam:UpdateAssumeRolePolicy",
    "iam:AddUserToGroup",
    "iam:PutUserPermissionsBoundary",
    "iam:DeleteUserPermissionsBoundary",
    "iam:PutRolePermissionsBoundary",
    "iam:DeleteRolePermissionsBoundary",
  ],
  /** Actions that mint or reset credentials of other identities. */
  credentialsExposure: [
    "iam:CreateAccessKey",
    "iam:UpdateAccessKey",
    "iam:CreateLoginProfile",
    "iam:UpdateLoginProfile",
    "iam:CreateServiceSpecificCredential",
    "iam:ResetServiceSpecificCredential",
    "iam:UploadSSHPublicKey",
    "sts:GetFederationToken",
    "redshift:GetClusterCredentials",
    "redshift:GetClusterCredentialsWithIAM",
  ],
  /** Actions that read stored data or secrets out of the account. */
  dataExfiltration: [
    "s3:GetObject",
    "s3:GetObjectVersion",
    "secretsmanager:GetSecretValue",
    "ssm:GetParameter",
    "ssm:GetParameters",
    "ssm:GetParametersByPath",
    "dynamodb:Scan",
    "dynamodb:GetItem",
    "dynamodb:Query",
    "rds:CopyDBSnapshot",
    "rds:CreateDBSnapshot",
  ],
} as const satisfies Record<string, readonly string[]>;

/** Whole-service and everything wildcards: another rule's finding. */
const BROAD = /^(\*|[a-z0-9-]+:\*)$/i;

function patternMatches(pattern: string, action: string): boolean {
  if (pattern.length > 200) return false;
  const regex = new RegExp(
    `^${pattern
      .split("")
      .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
    "i",
  );
  return regex.test(action);
}

/**
 * Reports every Allow statement of an identity policy that grants one of `actions` (by name or by a
 * narrower wildcard such as `iam:Put*`) on `"*"` without a condition.
 */
export function checkSensitiveActions(
  ctx: FileRuleContext<TerraformModel>,
  actions: readonly string[],
  what: string,
): void {
  for (const document of policyDocuments(ctx.model, IDENTITY_POLICY_TYPES, { includeDataDocuments: true })) {
    for (const statement of document.statements) {
      if (!isAllow(statement) || statement.notActions || statement.hasCondition) continue;
      if (!statement.resources.includes("*")) continue;
      const granted = statement.actions.filter((pattern) => !BROAD.test(pattern));
      const matched = actions.filter((action) => granted.some((pattern) => patternMatches(pattern, action)));
      if (matched.length === 0) continue;
      ctx.report({
        message: `${addressOf(document.owner)} allows ${what} on every resource (${matched.slice(0, 3).join(", ")}${matched.length > 3 ? ", …" : ""})`,
        at: at(statement.at),
      });
    }
  }
}
