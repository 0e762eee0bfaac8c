// The explicit rule list of the CloudFormation analyzer: adding a rule adds one line here.
import type { FileRule } from "../../../rule.ts";
import type { CfnModel } from "../model.ts";
import { adminPortOpenToInternet } from "./admin-port-open-to-internet.ts";
import { albKeepsInvalidHeaders } from "./alb-keeps-invalid-headers.ts";
import { albWithoutWaf } from "./alb-without-waf.ts";
import { apiGatewayExecutionLoggingDisabled } from "./api-gateway-execution-logging-disabled.ts";
import { apiGatewayMethodWithoutAuthorization } from "./api-gateway-method-without-authorization.ts";
import { apiGatewayStageWithoutAccessLogs } from "./api-gateway-stage-without-access-logs.ts";
import { apiGatewayStageWithoutTracing } from "./api-gateway-stage-without-tracing.ts";
import { apiGatewayStageWithoutWaf } from "./api-gateway-stage-without-waf.ts";
import { cloudfrontAllowsHttp } from "./cloudfront-allows-http.ts";
import { cloudfrontOutdatedTls } from "./cloudfront-outdated-tls.ts";
import { cloudtrailLogValidationDisabled } from "./cloudtrail-log-validation-disabled.ts";
import { cloudtrailLoggingDisabled } from "./cloudtrail-logging-disabled.ts";
import { cloudtrailSingleRegion } from "./cloudtrail-single-region.ts";
import { cloudtrailWithoutCloudwatchLogs } from "./cloudtrail-without-cloudwatch-logs.ts";
import { cloudwatchLogGroupWithoutKms } from "./cloudwatch-log-group-without-kms.ts";
import { dynamodbTableWithoutPitr } from "./dynamodb-table-without-pitr.ts";
import { dynamodbWithoutCmk } from "./dynamodb-without-cmk.ts";
import { dynamodbWithoutDeletionProtection } from "./dynamodb-without-deletion-protection.ts";
import { ecrMutableImageTags } from "./ecr-mutable-image-tags.ts";
import { ecrScanOnPushDisabled } from "./ecr-scan-on-push-disabled.ts";
import { ecrWithoutCmk } from "./ecr-without-cmk.ts";
import { ecsClusterWithoutContainerInsights } from "./ecs-cluster-without-container-insights.ts";
import { efsWithoutCmk } from "./efs-without-cmk.ts";
import { eksControlPlaneLoggingIncomplete } from "./eks-control-plane-logging-incomplete.ts";
import { eksSecretsNotEncrypted } from "./eks-secrets-not-encrypted.ts";
import { elasticacheWithoutSnapshots } from "./elasticache-without-snapshots.ts";
import { elasticacheWithoutTransitEncryption } from "./elasticache-without-transit-encryption.ts";
import { httpLoadBalancerListener } from "./http-load-balancer-listener.ts";
import { iamAdministratorAccessAttached } from "./iam-administrator-access-attached.ts";
import { iamPolicyAllowNotAction } from "./iam-policy-allow-not-action.ts";
import { iamPolicyAllowsAllActions } from "./iam-policy-allows-all-actions.ts";
import { iamPolicyWildcardServiceActions } from "./iam-policy-wildcard-service-actions.ts";
import { iamRoleTrustsAnyPrincipal } from "./iam-role-trusts-any-principal.ts";
import { kinesisStreamWithAwsManagedKey } from "./kinesis-stream-with-aws-managed-key.ts";
import { kmsKeyPolicyWildcardPrincipal } from "./kms-key-policy-wildcard-principal.ts";
import { kmsKeyRotationDisabled } from "./kms-key-rotation-disabled.ts";
import { lambdaEnvironmentSecret } from "./lambda-environment-secret.ts";
import { lambdaEnvironmentWithoutCmk } from "./lambda-environment-without-cmk.ts";
import { lambdaUrlWithoutAuth } from "./lambda-url-without-auth.ts";
import { lambdaWithoutDeadLetterQueue } from "./lambda-without-dead-letter-queue.ts";
import { lambdaWithoutTracing } from "./lambda-without-tracing.ts";
import { launchTemplateUnencryptedVolume } from "./launch-template-unencrypted-volume.ts";
import { launchTemplateWithoutImdsv2 } from "./launch-template-without-imdsv2.ts";
import { lbWithoutAccessLogs } from "./lb-without-access-logs.ts";
import { lbWithoutDeletionProtection } from "./lb-without-deletion-protection.ts";
import { logGroupWithoutRetention } from "./log-group-without-retention.ts";
import { opensearchDomainOutsideVpc } from "./opensearch-domain-outside-vpc.ts";
import { opensearchWithoutAuditLogs } from "./opensearch-without-audit-logs.ts";
import { opensearchWithoutCmk } from "./opensearch-without-cmk.ts";
import { opensearchWithoutHttps } from "./opensearch-without-https.ts";
import { opensearchWithoutNodeToNodeEncryption } from "./opensearch-without-node-to-node-encryption.ts";
import { outdatedLoadBalancerTlsPolicy } from "./outdated-load-balancer-tls-policy.ts";
import { publicEksEndpoint } from "./public-eks-endpoint.ts";
import { publicRdsInstance } from "./public-rds-instance.ts";
import { publicRedshiftCluster } from "./public-redshift-cluster.ts";
import { rdsAutoMinorVersionUpgradeDisabled } from "./rds-auto-minor-version-upgrade-disabled.ts";
import { rdsBackupsDisabled } from "./rds-backups-disabled.ts";
import { rdsInstanceSingleAz } from "./rds-instance-single-az.ts";
import { rdsShortBackupRetention } from "./rds-short-backup-retention.ts";
import { rdsWithoutCmk } from "./rds-without-cmk.ts";
import { rdsWithoutCopyTagsToSnapshot } from "./rds-without-copy-tags-to-snapshot.ts";
import { rdsWithoutDeletionProtection } from "./rds-without-deletion-protection.ts";
import { rdsWithoutIamAuthentication } from "./rds-without-iam-authentication.ts";
import { rdsWithoutLogExports } from "./rds-without-log-exports.ts";
import { rdsWithoutPerformanceInsights } from "./rds-without-performance-insights.ts";
import { redshiftVersionUpgradeDisabled } from "./redshift-version-upgrade-disabled.ts";
import { redshiftWithoutAuditLogging } from "./redshift-without-audit-logging.ts";
import { redshiftWithoutCmk } from "./redshift-without-cmk.ts";
import { redshiftWithoutEnhancedVpcRouting } from "./redshift-without-enhanced-vpc-routing.ts";
import { s3BucketPolicyWildcardPrincipal } from "./s3-bucket-policy-wildcard-principal.ts";
import { s3BucketPublicAcl } from "./s3-bucket-public-acl.ts";
import { s3BucketWithoutAccessLogging } from "./s3-bucket-without-access-logging.ts";
import { s3BucketWithoutKms } from "./s3-bucket-without-kms.ts";
import { s3BucketWithoutPublicAccessBlock } from "./s3-bucket-without-public-access-block.ts";
import { s3BucketWithoutVersioning } from "./s3-bucket-without-versioning.ts";
import { secretParameterDefault } from "./secret-parameter-default.ts";
import { secretsmanagerSecretWithoutCmk } from "./secretsmanager-secret-without-cmk.ts";
import { snsTopicWithAwsManagedKey } from "./sns-topic-with-aws-managed-key.ts";
import { sqsQueueWithoutDeadLetterQueue } from "./sqs-queue-without-dead-letter-queue.ts";
import { sqsWithoutCmk } from "./sqs-without-cmk.ts";
import { unencryptedCloudtrail } from "./unencrypted-cloudtrail.ts";
import { unencryptedEbsVolume } from "./unencrypted-ebs-volume.ts";
import { unencryptedEfsFileSystem } from "./unencrypted-efs-file-system.ts";
import { unencryptedElasticacheAtRest } from "./unencrypted-elasticache-at-rest.ts";
import { unencryptedKinesisStream } from "./unencrypted-kinesis-stream.ts";
import { unencryptedOpensearchDomain } from "./unencrypted-opensearch-domain.ts";
import { unencryptedRdsInstance } from "./unencrypted-rds-instance.ts";
import { unencryptedRedshiftCluster } from "./unencrypted-redshift-cluster.ts";
import { unencryptedS3Bucket } from "./unencrypted-s3-bucket.ts";
import { unencryptedSnsTopic } from "./unencrypted-sns-topic.ts";
import { unencryptedSqsQueue } from "./unencrypted-sqs-queue.ts";
import { unrestrictedIngress } from "./unrestricted-ingress.ts";
import { vpcWithoutFlowLogs } from "./vpc-without-flow-logs.ts";

export const cloudformationRules: readonly FileRule<CfnModel>[] = [
  adminPortOpenToInternet,
  apiGatewayMethodWithoutAuthorization,
  apiGatewayStageWithoutAccessLogs,
  cloudfrontAllowsHttp,
  cloudfrontOutdatedTls,
  cloudtrailLogValidationDisabled,
  cloudtrailLoggingDisabled,
  cloudtrailSingleRegion,
  dynamodbTableWithoutPitr,
  ecrMutableImageTags,
  ecrScanOnPushDisabled,
  elasticacheWithoutTransitEncryption,
  httpLoadBalancerListener,
  iamAdministratorAccessAttached,
  iamPolicyAllowNotAction,
  iamPolicyAllowsAllActions,
  iamPolicyWildcardServiceActions,
  iamRoleTrustsAnyPrincipal,
  kmsKeyPolicyWildcardPrincipal,
  kmsKeyRotationDisabled,
  lambdaEnvironmentSecret,
  lambdaUrlWithoutAuth,
  lambdaWithoutTracing,
  launchTemplateUnencryptedVolume,
  launchTemplateWithoutImdsv2,
  logGroupWithoutRetention,
  opensearchWithoutHttps,
  outdatedLoadBalancerTlsPolicy,
  publicEksEndpoint,
  publicRdsInstance,
  publicRedshiftCluster,
  rdsBackupsDisabled,
  rdsInstanceSingleAz,
  rdsWithoutDeletionProtection,
  s3BucketPolicyWildcardPrincipal,
  s3BucketPublicAcl,
  s3BucketWithoutAccessLogging,
  s3BucketWithoutPublicAccessBlock,
  s3BucketWithoutVersioning,
  secretParameterDefault,
  unencryptedCloudtrail,
  unencryptedEbsVolume,
  unencryptedEfsFileSystem,
  unencryptedElasticacheAtRest,
  unencryptedKinesisStream,
  unencryptedOpensearchDomain,
  unencryptedRdsInstance,
  unencryptedRedshiftCluster,
  unencryptedS3Bucket,
  unencryptedSnsTopic,
  unencryptedSqsQueue,
  unrestrictedIngress,
  vpcWithoutFlowLogs,
  // The Terraform hazards of issue 21, read from templates (their metadata is the Terraform rule's)
  sqsWithoutCmk,
  snsTopicWithAwsManagedKey,
  dynamodbWithoutCmk,
  cloudtrailWithoutCloudwatchLogs,
  ecrWithoutCmk,
  lambdaWithoutDeadLetterQueue,
  efsWithoutCmk,
  opensearchWithoutNodeToNodeEncryption,
  redshiftWithoutAuditLogging,
  redshiftVersionUpgradeDisabled,
  apiGatewayStageWithoutTracing,
  rdsWithoutIamAuthentication,
  rdsShortBackupRetention,
  s3BucketWithoutKms,
  lbWithoutAccessLogs,
  lbWithoutDeletionProtection,
  albKeepsInvalidHeaders,
  eksSecretsNotEncrypted,
  eksControlPlaneLoggingIncomplete,
  sqsQueueWithoutDeadLetterQueue,
  rdsAutoMinorVersionUpgradeDisabled,
  rdsWithoutPerformanceInsights,
  rdsWithoutLogExports,
  rdsWithoutCmk,
  rdsWithoutCopyTagsToSnapshot,
  cloudwatchLogGroupWithoutKms,
  secretsmanagerSecretWithoutCmk,
  lambdaEnvironmentWithoutCmk,
  opensearchDomainOutsideVpc,
  opensearchWithoutCmk,
  opensearchWithoutAuditLogs,
  elasticacheWithoutSnapshots,
  dynamodbWithoutDeletionProtection,
  kinesisStreamWithAwsManagedKey,
  redshiftWithoutCmk,
  redshiftWithoutEnhancedVpcRouting,
  ecsClusterWithoutContainerInsights,
  apiGatewayExecutionLoggingDisabled,
  albWithoutWaf,
  apiGatewayStageWithoutWaf,
];
