// The explicit rule list of the CloudFormation analyzer: adding a rule adds one line here.
import type { FileRule } from "../../../rule.ts";
import type { CfnModel } from "../model.ts";
import { adminPortOpenToInternet } from "./admin-port-open-to-internet.ts";
import { iamAdministratorAccessAttached } from "./iam-administrator-access-attached.ts";
import { iamPolicyAllowNotAction } from "./iam-policy-allow-not-action.ts";
import { iamPolicyAllowsAllActions } from "./iam-policy-allows-all-actions.ts";
import { iamPolicyWildcardServiceActions } from "./iam-policy-wildcard-service-actions.ts";
import { iamRoleTrustsAnyPrincipal } from "./iam-role-trusts-any-principal.ts";
import { kmsKeyPolicyWildcardPrincipal } from "./kms-key-policy-wildcard-principal.ts";
import { kmsKeyRotationDisabled } from "./kms-key-rotation-disabled.ts";
import { launchTemplateWithoutImdsv2 } from "./launch-template-without-imdsv2.ts";
import { publicRdsInstance } from "./public-rds-instance.ts";
import { rdsBackupsDisabled } from "./rds-backups-disabled.ts";
import { rdsInstanceSingleAz } from "./rds-instance-single-az.ts";
import { rdsWithoutDeletionProtection } from "./rds-without-deletion-protection.ts";
import { s3BucketPolicyWildcardPrincipal } from "./s3-bucket-policy-wildcard-principal.ts";
import { s3BucketPublicAcl } from "./s3-bucket-public-acl.ts";
import { s3BucketWithoutAccessLogging } from "./s3-bucket-without-access-logging.ts";
import { s3BucketWithoutPublicAccessBlock } from "./s3-bucket-without-public-access-block.ts";
import { s3BucketWithoutVersioning } from "./s3-bucket-without-versioning.ts";
import { unencryptedEbsVolume } from "./unencrypted-ebs-volume.ts";
import { unencryptedRdsInstance } from "./unencrypted-rds-instance.ts";
import { unencryptedS3Bucket } from "./unencrypted-s3-bucket.ts";
import { unrestrictedIngress } from "./unrestricted-ingress.ts";

export const cloudformationRules: readonly FileRule<CfnModel>[] = [
  adminPortOpenToInternet,
  iamAdministratorAccessAttached,
  iamPolicyAllowNotAction,
  iamPolicyAllowsAllActions,
  iamPolicyWildcardServiceActions,
  iamRoleTrustsAnyPrincipal,
  kmsKeyPolicyWildcardPrincipal,
  kmsKeyRotationDisabled,
  launchTemplateWithoutImdsv2,
  publicRdsInstance,
  rdsBackupsDisabled,
  rdsInstanceSingleAz,
  rdsWithoutDeletionProtection,
  s3BucketPolicyWildcardPrincipal,
  s3BucketPublicAcl,
  s3BucketWithoutAccessLogging,
  s3BucketWithoutPublicAccessBlock,
  s3BucketWithoutVersioning,
  unencryptedEbsVolume,
  unencryptedRdsInstance,
  unencryptedS3Bucket,
  unrestrictedIngress,
];
