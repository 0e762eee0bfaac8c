// The explicit rule list of the terraform analyzer: adding a rule adds one line here.
import type { FileRule, ProjectRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import type { TerraformSummary } from "../summary.ts";
import { dynamodbWithoutPointInTimeRecovery } from "./dynamodb-without-point-in-time-recovery.ts";
import { ec2Imdsv1Enabled } from "./ec2-imdsv1-enabled.ts";
import { ec2PublicIp } from "./ec2-public-ip.ts";
import { kmsKeyRotationDisabled } from "./kms-key-rotation-disabled.ts";
import { publicRdsInstance } from "./public-rds-instance.ts";
import { rdsShortBackupRetention } from "./rds-short-backup-retention.ts";
import { rdsWithoutDeletionProtection } from "./rds-without-deletion-protection.ts";
import { rdsWithoutIamAuthentication } from "./rds-without-iam-authentication.ts";
import { unencryptedEbsVolume } from "./unencrypted-ebs-volume.ts";
import { unencryptedRdsCluster } from "./unencrypted-rds-cluster.ts";
import { unencryptedRdsInstance } from "./unencrypted-rds-instance.ts";

export const terraformRules: readonly FileRule<TerraformModel>[] = [
  // AWS databases
  unencryptedRdsInstance,
  unencryptedRdsCluster,
  publicRdsInstance,
  rdsShortBackupRetention,
  rdsWithoutDeletionProtection,
  rdsWithoutIamAuthentication,
  dynamodbWithoutPointInTimeRecovery,
  // AWS compute
  ec2Imdsv1Enabled,
  ec2PublicIp,
  unencryptedEbsVolume,
  // AWS keys
  kmsKeyRotationDisabled,
];

export const terraformProjectRules: readonly ProjectRule<TerraformSummary>[] = [];
