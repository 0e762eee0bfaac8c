// The explicit rule list of the terraform analyzer: adding a rule adds one line here.
import type { FileRule, ProjectRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import type { TerraformSummary } from "../summary.ts";
import { acrAdminUserEnabled } from "./acr-admin-user-enabled.ts";
import { acrAnonymousPullEnabled } from "./acr-anonymous-pull-enabled.ts";
import { acrPublicNetworkAccess } from "./acr-public-network-access.ts";
import { acrWithoutCustomerManagedKey } from "./acr-without-customer-managed-key.ts";
import { aksKubernetesDashboardEnabled } from "./aks-kubernetes-dashboard-enabled.ts";
import { aksLocalAccountsEnabled } from "./aks-local-accounts-enabled.ts";
import { aksNodePoolWithoutHostEncryption } from "./aks-node-pool-without-host-encryption.ts";
import { aksPublicApiServer } from "./aks-public-api-server.ts";
import { aksRbacDisabled } from "./aks-rbac-disabled.ts";
import { aksSecretsProviderWithoutRotation } from "./aks-secrets-provider-without-rotation.ts";
import { aksWithoutAutomaticUpgrades } from "./aks-without-automatic-upgrades.ts";
import { aksWithoutAzurePolicy } from "./aks-without-azure-policy.ts";
import { aksWithoutDiskEncryptionSet } from "./aks-without-disk-encryption-set.ts";
import { aksWithoutEntraIntegration } from "./aks-without-entra-integration.ts";
import { aksWithoutMonitoring } from "./aks-without-monitoring.ts";
import { aksWithoutNetworkPolicy } from "./aks-without-network-policy.ts";
import { albKeepsInvalidHeaders } from "./alb-keeps-invalid-headers.ts";
import { allPortsOpenToInternet } from "./all-ports-open-to-internet.ts";
import { apiManagementOldTls } from "./api-management-old-tls.ts";
import { appServiceAllowsHttp } from "./app-service-allows-http.ts";
import { appServiceClientCertificatesDisabled } from "./app-service-client-certificates-disabled.ts";
import { appServiceCorsAllowsAll } from "./app-service-cors-allows-all.ts";
import { appServiceDetailedErrorsNotLogged } from "./app-service-detailed-errors-not-logged.ts";
import { appServiceFailedRequestTracingDisabled } from "./app-service-failed-request-tracing-disabled.ts";
import { appServiceFtpEnabled } from "./app-service-ftp-enabled.ts";
import { appServiceHttp2Disabled } from "./app-service-http2-disabled.ts";
import { appServiceOldTls } from "./app-service-old-tls.ts";
import { appServiceRemoteDebuggingEnabled } from "./app-service-remote-debugging-enabled.ts";
import { appServiceWithoutAuthentication } from "./app-service-without-authentication.ts";
import { appServiceWithoutHttpLogs } from "./app-service-without-http-logs.ts";
import { appServiceWithoutManagedIdentity } from "./app-service-without-managed-identity.ts";
import { artifactRegistryWithoutCustomerManagedKey } from "./artifact-registry-without-customer-managed-key.ts";
import { azureActivityLogShortRetention } from "./azure-activity-log-short-retention.ts";
import { azureApplicationGatewayWafDisabled } from "./azure-application-gateway-waf-disabled.ts";
import { azureCustomRoleAllowsEverything } from "./azure-custom-role-allows-everything.ts";
import { azureDatabaseLoggingParameterOff } from "./azure-database-logging-parameter-off.ts";
import { azureDatabaseOldTls } from "./azure-database-old-tls.ts";
import { azureDatabaseParameterOldTls } from "./azure-database-parameter-old-tls.ts";
import { azureDatabasePublicNetworkAccess } from "./azure-database-public-network-access.ts";
import { azureDatabaseSecureTransportOff } from "./azure-database-secure-transport-off.ts";
import { azureDatabaseSslNotEnforced } from "./azure-database-ssl-not-enforced.ts";
import { azureDatabaseThreatDetectionDisabled } from "./azure-database-threat-detection-disabled.ts";
import { azureDatabaseWithoutGeoRedundantBackup } from "./azure-database-without-geo-redundant-backup.ts";
import { azureDatabaseWithoutInfrastructureEncryption } from "./azure-database-without-infrastructure-encryption.ts";
import { azureDefenderFreeTier } from "./azure-defender-free-tier.ts";
import { azureFlowLogDisabled } from "./azure-flow-log-disabled.ts";
import { azureFlowLogShortRetention } from "./azure-flow-log-short-retention.ts";
import { azureKeyVaultKeyWithoutExpiration } from "./azure-key-vault-key-without-expiration.ts";
import { azureKeyVaultNetworkAllowsAll } from "./azure-key-vault-network-allows-all.ts";
import { azureKeyVaultSecretWithoutContentType } from "./azure-key-vault-secret-without-content-type.ts";
import { azureKeyVaultSecretWithoutExpiration } from "./azure-key-vault-secret-without-expiration.ts";
import { azureKeyVaultSoftDeleteDisabled } from "./azure-key-vault-soft-delete-disabled.ts";
import { azureKeyVaultWithoutPurgeProtection } from "./azure-key-vault-without-purge-protection.ts";
import { azureKeyVaultWithoutRbac } from "./azure-key-vault-without-rbac.ts";
import { azureKeyWithoutRotationPolicy } from "./azure-key-without-rotation-policy.ts";
import { azureLogProfileIncompleteCategories } from "./azure-log-profile-incomplete-categories.ts";
import { azureManagedDiskEncryptionDisabled } from "./azure-managed-disk-encryption-disabled.ts";
import { azureManagedDiskWithoutCustomerManagedKey } from "./azure-managed-disk-without-customer-managed-key.ts";
import { azureMessagingLocalAuthEnabled } from "./azure-messaging-local-auth-enabled.ts";
import { azureMessagingOldTls } from "./azure-messaging-old-tls.ts";
import { azureOwnerAtSubscriptionScope } from "./azure-owner-at-subscription-scope.ts";
import { azureRecoveryVaultLocallyRedundant } from "./azure-recovery-vault-locally-redundant.ts";
import { azureRecoveryVaultSoftDeleteDisabled } from "./azure-recovery-vault-soft-delete-disabled.ts";
import { azureRedisNonSslPortEnabled } from "./azure-redis-non-ssl-port-enabled.ts";
import { azureRedisOldTls } from "./azure-redis-old-tls.ts";
import { azureRedisPublicNetworkAccess } from "./azure-redis-public-network-access.ts";
import { azureSearchLocalAuthEnabled } from "./azure-search-local-auth-enabled.ts";
import { azureSearchPublicNetworkAccess } from "./azure-search-public-network-access.ts";
import { azureSecurityContactAdminsNotAlerted } from "./azure-security-contact-admins-not-alerted.ts";
import { azureSecurityContactAlertsDisabled } from "./azure-security-contact-alerts-disabled.ts";
import { azureSqlAlertPolicyDisablesAlerts } from "./azure-sql-alert-policy-disables-alerts.ts";
import { azureSqlAlertPolicyWithoutAdminEmails } from "./azure-sql-alert-policy-without-admin-emails.ts";
import { azureSqlAlertPolicyWithoutEmailAddresses } from "./azure-sql-alert-policy-without-email-addresses.ts";
import { azureSqlAuditingDisabled } from "./azure-sql-auditing-disabled.ts";
import { azureSqlDatabaseGeoBackupDisabled } from "./azure-sql-database-geo-backup-disabled.ts";
import { azureSqlDatabaseLocalBackupStorage } from "./azure-sql-database-local-backup-storage.ts";
import { azureSqlDatabaseShortBackupRetention } from "./azure-sql-database-short-backup-retention.ts";
import { azureSqlDatabaseTdeDisabled } from "./azure-sql-database-tde-disabled.ts";
import { azureSqlFirewallAllowsInternet } from "./azure-sql-firewall-allows-internet.ts";
import { azureSqlOldTls } from "./azure-sql-old-tls.ts";
import { azureSqlPublicNetworkAccess } from "./azure-sql-public-network-access.ts";
import { azureSqlShortAuditRetention } from "./azure-sql-short-audit-retention.ts";
import { azureSqlTdeWithoutCustomerKey } from "./azure-sql-tde-without-customer-key.ts";
import { azureSqlThreatDetectionDisabled } from "./azure-sql-threat-detection-disabled.ts";
import { azureSqlWithoutEntraAdmin } from "./azure-sql-without-entra-admin.ts";
import { azureStorageAllowsHttp } from "./azure-storage-allows-http.ts";
import { azureStorageContainerPublic } from "./azure-storage-container-public.ts";
import { azureStorageCrossTenantReplication } from "./azure-storage-cross-tenant-replication.ts";
import { azureStorageNetworkAllowsAll } from "./azure-storage-network-allows-all.ts";
import { azureStorageOldTls } from "./azure-storage-old-tls.ts";
import { azureStoragePublicBlobAccess } from "./azure-storage-public-blob-access.ts";
import { azureStoragePublicNetworkAccess } from "./azure-storage-public-network-access.ts";
import { azureStorageQueueLoggingIncomplete } from "./azure-storage-queue-logging-incomplete.ts";
import { azureStorageSharedKeyAccessEnabled } from "./azure-storage-shared-key-access-enabled.ts";
import { azureStorageWithoutBlobSoftDelete } from "./azure-storage-without-blob-soft-delete.ts";
import { azureStorageWithoutBlobVersioning } from "./azure-storage-without-blob-versioning.ts";
import { azureStorageWithoutContainerSoftDelete } from "./azure-storage-without-container-soft-delete.ts";
import { azureStorageWithoutCustomerManagedKey } from "./azure-storage-without-customer-managed-key.ts";
import { azureStorageWithoutInfrastructureEncryption } from "./azure-storage-without-infrastructure-encryption.ts";
import { azureVmExtensionsAllowed } from "./azure-vm-extensions-allowed.ts";
import { azureVmPasswordAuthentication } from "./azure-vm-password-authentication.ts";
import { azureVmWithoutEncryptionAtHost } from "./azure-vm-without-encryption-at-host.ts";
import { azureWafDetectionOnly } from "./azure-waf-detection-only.ts";
import { azureWindowsVmAutomaticUpdatesDisabled } from "./azure-windows-vm-automatic-updates-disabled.ts";
import { bigqueryDatasetPublicAccess } from "./bigquery-dataset-public-access.ts";
import { bigqueryDatasetWithoutCustomerManagedKey } from "./bigquery-dataset-without-customer-managed-key.ts";
import { bigqueryTableDeletionProtectionDisabled } from "./bigquery-table-deletion-protection-disabled.ts";
import { bigqueryTableWithoutCustomerManagedKey } from "./bigquery-table-without-customer-managed-key.ts";
import { bigtableInstanceDeletionProtectionDisabled } from "./bigtable-instance-deletion-protection-disabled.ts";
import { cloudFunctionAllowsAllIngress } from "./cloud-function-allows-all-ingress.ts";
import { cloudFunctionDefaultServiceAccount } from "./cloud-function-default-service-account.ts";
import { cloudFunctionHttpWithoutHttps } from "./cloud-function-http-without-https.ts";
import { cloudRunAllowsAllIngress } from "./cloud-run-allows-all-ingress.ts";
import { cloudSqlDeletionProtectionDisabled } from "./cloud-sql-deletion-protection-disabled.ts";
import { cloudSqlMysqlLocalInfileOn } from "./cloud-sql-mysql-local-infile-on.ts";
import { cloudSqlMysqlShowsAllDatabases } from "./cloud-sql-mysql-shows-all-databases.ts";
import { cloudSqlOpenAuthorizedNetwork } from "./cloud-sql-open-authorized-network.ts";
import { cloudSqlPostgresLogCheckpointsOff } from "./cloud-sql-postgres-log-checkpoints-off.ts";
import { cloudSqlPostgresLogConnectionsOff } from "./cloud-sql-postgres-log-connections-off.ts";
import { cloudSqlPostgresLogDisconnectionsOff } from "./cloud-sql-postgres-log-disconnections-off.ts";
import { cloudSqlPostgresLogLockWaitsOff } from "./cloud-sql-postgres-log-lock-waits-off.ts";
import { cloudSqlPostgresLogsStatements } from "./cloud-sql-postgres-logs-statements.ts";
import { cloudSqlPostgresTempFilesNotLogged } from "./cloud-sql-postgres-temp-files-not-logged.ts";
import { cloudSqlPostgresWithoutPgaudit } from "./cloud-sql-postgres-without-pgaudit.ts";
import { cloudSqlPublicIp } from "./cloud-sql-public-ip.ts";
import { cloudSqlSqlserverContainedDatabaseAuthentication } from "./cloud-sql-sqlserver-contained-database-authentication.ts";
import { cloudSqlSqlserverCrossDbOwnershipChaining } from "./cloud-sql-sqlserver-cross-db-ownership-chaining.ts";
import { cloudSqlSqlserverExternalScriptsEnabled } from "./cloud-sql-sqlserver-external-scripts-enabled.ts";
import { cloudSqlSqlserverRemoteAccessEnabled } from "./cloud-sql-sqlserver-remote-access-enabled.ts";
import { cloudSqlWithoutBackups } from "./cloud-sql-without-backups.ts";
import { cloudSqlWithoutCustomerManagedKey } from "./cloud-sql-without-customer-managed-key.ts";
import { cloudSqlWithoutPointInTimeRecovery } from "./cloud-sql-without-point-in-time-recovery.ts";
import { cloudSqlWithoutSsl } from "./cloud-sql-without-ssl.ts";
import { cloudfrontAllowsHttp } from "./cloudfront-allows-http.ts";
import { cloudfrontOutdatedTls } from "./cloudfront-outdated-tls.ts";
import { cloudtrailLogValidationDisabled } from "./cloudtrail-log-validation-disabled.ts";
import { cloudtrailSingleRegion } from "./cloudtrail-single-region.ts";
import { cloudtrailWithoutKms } from "./cloudtrail-without-kms.ts";
import { cloudwatchLogGroupWithoutRetention } from "./cloudwatch-log-group-without-retention.ts";
import { cognitiveAccountLocalAuthEnabled } from "./cognitive-account-local-auth-enabled.ts";
import { cognitiveAccountPublicNetworkAccess } from "./cognitive-account-public-network-access.ts";
import { cognitiveAccountWithoutCustomerManagedKey } from "./cognitive-account-without-customer-managed-key.ts";
import { cosmosdbKeyBasedMetadataWrites } from "./cosmosdb-key-based-metadata-writes.ts";
import { cosmosdbLocalAuthEnabled } from "./cosmosdb-local-auth-enabled.ts";
import { cosmosdbPublicNetworkAccess } from "./cosmosdb-public-network-access.ts";
import { cosmosdbWithoutCustomerManagedKey } from "./cosmosdb-without-customer-managed-key.ts";
import { dataFactoryPublicNetworkAccess } from "./data-factory-public-network-access.ts";
import { dataFactoryWithoutCustomerManagedKey } from "./data-factory-without-customer-managed-key.ts";
import { databasePortOpenToInternet } from "./database-port-open-to-internet.ts";
import { dataprocClusterPublicIps } from "./dataproc-cluster-public-ips.ts";
import { dataprocClusterWithoutCustomerManagedKey } from "./dataproc-cluster-without-customer-managed-key.ts";
import { defaultSecurityGroupAllowsTraffic } from "./default-security-group-allows-traffic.ts";
import { dynamodbWithoutPointInTimeRecovery } from "./dynamodb-without-point-in-time-recovery.ts";
import { ec2Imdsv1Enabled } from "./ec2-imdsv1-enabled.ts";
import { ec2PublicIp } from "./ec2-public-ip.ts";
import { ec2UserDataSecret } from "./ec2-user-data-secret.ts";
import { ecrMutableImageTags } from "./ecr-mutable-image-tags.ts";
import { ecrScanOnPushDisabled } from "./ecr-scan-on-push-disabled.ts";
import { eksControlPlaneLoggingIncomplete } from "./eks-control-plane-logging-incomplete.ts";
import { eksPublicEndpoint } from "./eks-public-endpoint.ts";
import { eksSecretsNotEncrypted } from "./eks-secrets-not-encrypted.ts";
import { elasticacheWithoutAtRestEncryption } from "./elasticache-without-at-rest-encryption.ts";
import { elasticacheWithoutTransitEncryption } from "./elasticache-without-transit-encryption.ts";
import { gceDefaultServiceAccount } from "./gce-default-service-account.ts";
import { gceDefaultServiceAccountFullScope } from "./gce-default-service-account-full-scope.ts";
import { gceDiskWithoutCustomerManagedKey } from "./gce-disk-without-customer-managed-key.ts";
import { gceImageWithoutCustomerManagedKey } from "./gce-image-without-customer-managed-key.ts";
import { gceInstancePublicIp } from "./gce-instance-public-ip.ts";
import { gceIpForwardingEnabled } from "./gce-ip-forwarding-enabled.ts";
import { gceOsLoginDisabled } from "./gce-os-login-disabled.ts";
import { gceProjectSshKeysAllowed } from "./gce-project-ssh-keys-allowed.ts";
import { gceSecureBootDisabled } from "./gce-secure-boot-disabled.ts";
import { gceSerialPortEnabled } from "./gce-serial-port-enabled.ts";
import { gceShieldedVmDisabled } from "./gce-shielded-vm-disabled.ts";
import { gcpAuditConfigExemptsMembers } from "./gcp-audit-config-exempts-members.ts";
import { gcpAuditConfigIncomplete } from "./gcp-audit-config-incomplete.ts";
import { gcpBackendServiceWithoutLogging } from "./gcp-backend-service-without-logging.ts";
import { gcpDnsPolicyLoggingDisabled } from "./gcp-dns-policy-logging-disabled.ts";
import { gcpDnsZoneWithoutDnssec } from "./gcp-dns-zone-without-dnssec.ts";
import { gcpDnssecWeakAlgorithm } from "./gcp-dnssec-weak-algorithm.ts";
import { gcpHttpsProxyWithoutSslPolicy } from "./gcp-https-proxy-without-ssl-policy.ts";
import { gcpIamGrantsPublicAccess } from "./gcp-iam-grants-public-access.ts";
import { gcpIamPolicyDocumentPrimitiveRole } from "./gcp-iam-policy-document-primitive-role.ts";
import { gcpIamPolicyDocumentPublic } from "./gcp-iam-policy-document-public.ts";
import { gcpKmsKeyWithoutPreventDestroy } from "./gcp-kms-key-without-prevent-destroy.ts";
import { gcpKmsKeyWithoutRotation } from "./gcp-kms-key-without-rotation.ts";
import { gcpLogBucketShortRetention } from "./gcp-log-bucket-short-retention.ts";
import { gcpPrimitiveRoleBinding } from "./gcp-primitive-role-binding.ts";
import { gcpProjectDefaultNetwork } from "./gcp-project-default-network.ts";
import { gcpProjectOsLoginDisabled } from "./gcp-project-os-login-disabled.ts";
import { gcpProjectSerialPortEnabled } from "./gcp-project-serial-port-enabled.ts";
import { gcpRawEncryptionKeyInCode } from "./gcp-raw-encryption-key-in-code.ts";
import { gcpServiceAccountKey } from "./gcp-service-account-key.ts";
import { gcpServiceAccountUserAtProject } from "./gcp-service-account-user-at-project.ts";
import { gcpSslPolicyOldTls } from "./gcp-ssl-policy-old-tls.ts";
import { gcpSslPolicyWeakCiphers } from "./gcp-ssl-policy-weak-ciphers.ts";
import { gcpSubnetWithoutFlowLogs } from "./gcp-subnet-without-flow-logs.ts";
import { gcpSubnetWithoutPrivateGoogleAccess } from "./gcp-subnet-without-private-google-access.ts";
import { gcsBucketPublicAccessPreventionOff } from "./gcs-bucket-public-access-prevention-off.ts";
import { gcsBucketWithoutAccessLogging } from "./gcs-bucket-without-access-logging.ts";
import { gcsBucketWithoutCustomerManagedKey } from "./gcs-bucket-without-customer-managed-key.ts";
import { gcsBucketWithoutUniformAccess } from "./gcs-bucket-without-uniform-access.ts";
import { gcsBucketWithoutVersioning } from "./gcs-bucket-without-versioning.ts";
import { gkeAlphaFeaturesEnabled } from "./gke-alpha-features-enabled.ts";
import { gkeBasicAuthEnabled } from "./gke-basic-auth-enabled.ts";
import { gkeClientCertificateEnabled } from "./gke-client-certificate-enabled.ts";
import { gkeDeletionProtectionDisabled } from "./gke-deletion-protection-disabled.ts";
import { gkeIntranodeVisibilityDisabled } from "./gke-intranode-visibility-disabled.ts";
import { gkeLegacyAbacEnabled } from "./gke-legacy-abac-enabled.ts";
import { gkeLoggingDisabled } from "./gke-logging-disabled.ts";
import { gkeMonitoringDisabled } from "./gke-monitoring-disabled.ts";
import { gkeNetworkPolicyDisabled } from "./gke-network-policy-disabled.ts";
import { gkeNodeImageNotCos } from "./gke-node-image-not-cos.ts";
import { gkeNodeLegacyMetadataEndpoints } from "./gke-node-legacy-metadata-endpoints.ts";
import { gkeNodeMetadataExposed } from "./gke-node-metadata-exposed.ts";
import { gkeNodePoolAutoRepairDisabled } from "./gke-node-pool-auto-repair-disabled.ts";
import { gkeNodePoolAutoUpgradeDisabled } from "./gke-node-pool-auto-upgrade-disabled.ts";
import { gkeNodePoolIntegrityMonitoringDisabled } from "./gke-node-pool-integrity-monitoring-disabled.ts";
import { gkeNodePoolSecureBootDisabled } from "./gke-node-pool-secure-boot-disabled.ts";
import { gkeNodesDefaultServiceAccount } from "./gke-nodes-default-service-account.ts";
import { gkeNodesWithPublicIps } from "./gke-nodes-with-public-ips.ts";
import { gkeShieldedNodesDisabled } from "./gke-shielded-nodes-disabled.ts";
import { gkeWithoutBinaryAuthorization } from "./gke-without-binary-authorization.ts";
import { gkeWithoutGoogleGroupsRbac } from "./gke-without-google-groups-rbac.ts";
import { gkeWithoutMasterAuthorizedNetworks } from "./gke-without-master-authorized-networks.ts";
import { gkeWithoutReleaseChannel } from "./gke-without-release-channel.ts";
import { gkeWithoutSecretsEncryption } from "./gke-without-secrets-encryption.ts";
import { gkeWithoutWorkloadIdentity } from "./gke-without-workload-identity.ts";
import { iamAdminPolicyAttached } from "./iam-admin-policy-attached.ts";
import { iamPolicyAllowsEverything } from "./iam-policy-allows-everything.ts";
import { iamPolicyAttachedToUser } from "./iam-policy-attached-to-user.ts";
import { iamPolicyServiceWildcard } from "./iam-policy-service-wildcard.ts";
import { iamRoleTrustsAnyPrincipal } from "./iam-role-trusts-any-principal.ts";
import { iamUserAccessKey } from "./iam-user-access-key.ts";
import { kmsKeyRotationDisabled } from "./kms-key-rotation-disabled.ts";
import { lambdaEnvironmentSecret } from "./lambda-environment-secret.ts";
import { lambdaUrlWithoutAuth } from "./lambda-url-without-auth.ts";
import { lambdaWithoutTracing } from "./lambda-without-tracing.ts";
import { lbListenerAllowsHttp } from "./lb-listener-allows-http.ts";
import { lbOutdatedTlsPolicy } from "./lb-outdated-tls-policy.ts";
import { lbWithoutAccessLogs } from "./lb-without-access-logs.ts";
import { lbWithoutDeletionProtection } from "./lb-without-deletion-protection.ts";
import { memorystoreRedisWithoutAuth } from "./memorystore-redis-without-auth.ts";
import { memorystoreRedisWithoutTransitEncryption } from "./memorystore-redis-without-transit-encryption.ts";
import { mskPlaintextClientTraffic } from "./msk-plaintext-client-traffic.ts";
import { opensearchHttpsNotEnforced } from "./opensearch-https-not-enforced.ts";
import { opensearchWithoutEncryptionAtRest } from "./opensearch-without-encryption-at-rest.ts";
import { opensearchWithoutNodeToNodeEncryption } from "./opensearch-without-node-to-node-encryption.ts";
import { publicRdsInstance } from "./public-rds-instance.ts";
import { pubsubTopicWithoutCustomerManagedKey } from "./pubsub-topic-without-customer-managed-key.ts";
import { rdpOpenToInternet } from "./rdp-open-to-internet.ts";
import { rdsShortBackupRetention } from "./rds-short-backup-retention.ts";
import { rdsWithoutDeletionProtection } from "./rds-without-deletion-protection.ts";
import { rdsWithoutIamAuthentication } from "./rds-without-iam-authentication.ts";
import { resourcePolicyAllowsAnyPrincipal } from "./resource-policy-allows-any-principal.ts";
import { s3BucketPolicyAllowsPublicAccess } from "./s3-bucket-policy-allows-public-access.ts";
import { s3BucketWithoutAccessLogging } from "./s3-bucket-without-access-logging.ts";
import { s3BucketWithoutEncryptionConfiguration } from "./s3-bucket-without-encryption-configuration.ts";
import { s3BucketWithoutPublicAccessBlock } from "./s3-bucket-without-public-access-block.ts";
import { s3BucketWithoutVersioning } from "./s3-bucket-without-versioning.ts";
import { s3PublicAccessBlockDisabled } from "./s3-public-access-block-disabled.ts";
import { s3PublicAcl } from "./s3-public-acl.ts";
import { spannerDatabaseDeletionProtectionDisabled } from "./spanner-database-deletion-protection-disabled.ts";
import { sshOpenToInternet } from "./ssh-open-to-internet.ts";
import { unencryptedDocdbCluster } from "./unencrypted-docdb-cluster.ts";
import { unencryptedEbsVolume } from "./unencrypted-ebs-volume.ts";
import { unencryptedEfsFileSystem } from "./unencrypted-efs-file-system.ts";
import { unencryptedInstanceBlockDevice } from "./unencrypted-instance-block-device.ts";
import { unencryptedKinesisStream } from "./unencrypted-kinesis-stream.ts";
import { unencryptedRdsCluster } from "./unencrypted-rds-cluster.ts";
import { unencryptedRdsInstance } from "./unencrypted-rds-instance.ts";
import { unencryptedSnsTopic } from "./unencrypted-sns-topic.ts";
import { unencryptedSqsQueue } from "./unencrypted-sqs-queue.ts";
import { vpcWithoutFlowLogs } from "./vpc-without-flow-logs.ts";

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
  // AWS services (generated batch 2)
  cloudtrailSingleRegion,
  cloudtrailLogValidationDisabled,
  cloudtrailWithoutKms,
  elasticacheWithoutTransitEncryption,
  elasticacheWithoutAtRestEncryption,
  opensearchWithoutEncryptionAtRest,
  opensearchWithoutNodeToNodeEncryption,
  opensearchHttpsNotEnforced,
  ecrScanOnPushDisabled,
  ecrMutableImageTags,
  unencryptedSnsTopic,
  unencryptedSqsQueue,
  albKeepsInvalidHeaders,
  lbWithoutDeletionProtection,
  lbWithoutAccessLogs,
  eksSecretsNotEncrypted,
  lambdaWithoutTracing,
  lambdaUrlWithoutAuth,
  // Network exposure, every provider
  sshOpenToInternet,
  rdpOpenToInternet,
  databasePortOpenToInternet,
  allPortsOpenToInternet,
  // AWS identity and resource policies
  iamPolicyAllowsEverything,
  iamPolicyServiceWildcard,
  iamRoleTrustsAnyPrincipal,
  s3BucketPolicyAllowsPublicAccess,
  resourcePolicyAllowsAnyPrincipal,
  iamAdminPolicyAttached,
  iamPolicyAttachedToUser,
  iamUserAccessKey,
  // AWS Kubernetes, serverless, load balancers, secrets
  eksPublicEndpoint,
  eksControlPlaneLoggingIncomplete,
  lambdaEnvironmentSecret,
  ec2UserDataSecret,
  lbListenerAllowsHttp,
  lbOutdatedTlsPolicy,
  // AWS storage, streams, logs
  unencryptedEfsFileSystem,
  unencryptedDocdbCluster,
  unencryptedKinesisStream,
  mskPlaintextClientTraffic,
  cloudwatchLogGroupWithoutRetention,
  // AWS networking, block devices, CloudFront
  defaultSecurityGroupAllowsTraffic,
  unencryptedInstanceBlockDevice,
  cloudfrontAllowsHttp,
  cloudfrontOutdatedTls,
  // AWS S3
  s3PublicAcl,
  s3PublicAccessBlockDisabled,
  // Google Cloud
  gcsBucketWithoutUniformAccess,
  cloudSqlWithoutSsl,
  cloudSqlPublicIp,
  cloudSqlWithoutBackups,
  gceSerialPortEnabled,
  gceOsLoginDisabled,
  gcpKmsKeyWithoutRotation,
  gkeLegacyAbacEnabled,
  gkeNodesWithPublicIps,
  gkeClientCertificateEnabled,
  gkeBasicAuthEnabled,
  gkeNetworkPolicyDisabled,
  cloudFunctionAllowsAllIngress,
  gcpIamGrantsPublicAccess,
  gcpPrimitiveRoleBinding,
  gceDefaultServiceAccountFullScope,
  gcpSubnetWithoutFlowLogs,
  cloudSqlOpenAuthorizedNetwork,
  gkeWithoutMasterAuthorizedNetworks,
  gkeWithoutWorkloadIdentity,
  // Azure
  azureStorageAllowsHttp,
  azureStorageOldTls,
  azureStoragePublicBlobAccess,
  azureStorageNetworkAllowsAll,
  azureStorageContainerPublic,
  azureSqlOldTls,
  azureSqlPublicNetworkAccess,
  azureDatabaseSslNotEnforced,
  azureDatabaseOldTls,
  azureDatabasePublicNetworkAccess,
  azureSqlThreatDetectionDisabled,
  azureSqlShortAuditRetention,
  azureKeyVaultWithoutPurgeProtection,
  azureKeyVaultNetworkAllowsAll,
  azureKeyWithoutRotationPolicy,
  azureVmPasswordAuthentication,
  aksRbacDisabled,
  aksPublicApiServer,
  aksWithoutNetworkPolicy,
  appServiceAllowsHttp,
  appServiceOldTls,
  appServiceFtpEnabled,
  appServiceWithoutManagedIdentity,
  azureFlowLogDisabled,
  azureActivityLogShortRetention,
  azureSqlFirewallAllowsInternet,
  azureOwnerAtSubscriptionScope,
  // Azure and Google Cloud depth (issue 21)
  azureStorageSharedKeyAccessEnabled,
  azureStorageWithoutInfrastructureEncryption,
  azureStorageWithoutBlobVersioning,
  azureStorageWithoutBlobSoftDelete,
  azureStorageWithoutContainerSoftDelete,
  azureStoragePublicNetworkAccess,
  azureKeyVaultSoftDeleteDisabled,
  azureKeyVaultSecretWithoutExpiration,
  azureKeyVaultKeyWithoutExpiration,
  azureKeyVaultWithoutRbac,
  azureSqlWithoutEntraAdmin,
  azureSqlTdeWithoutCustomerKey,
  azureSqlDatabaseGeoBackupDisabled,
  azureSqlDatabaseLocalBackupStorage,
  azureSqlDatabaseShortBackupRetention,
  azureSqlAuditingDisabled,
  azureSqlAlertPolicyDisablesAlerts,
  azureSqlAlertPolicyWithoutAdminEmails,
  azureSqlAlertPolicyWithoutEmailAddresses,
  azureDatabaseWithoutGeoRedundantBackup,
  azureDatabaseWithoutInfrastructureEncryption,
  azureDatabaseThreatDetectionDisabled,
  azureRedisNonSslPortEnabled,
  azureRedisOldTls,
  azureRedisPublicNetworkAccess,
  appServiceRemoteDebuggingEnabled,
  appServiceClientCertificatesDisabled,
  appServiceHttp2Disabled,
  appServiceDetailedErrorsNotLogged,
  appServiceFailedRequestTracingDisabled,
  appServiceWithoutHttpLogs,
  appServiceWithoutAuthentication,
  aksLocalAccountsEnabled,
  aksWithoutEntraIntegration,
  aksWithoutDiskEncryptionSet,
  aksNodePoolWithoutHostEncryption,
  aksWithoutAzurePolicy,
  aksWithoutMonitoring,
  aksWithoutAutomaticUpgrades,
  acrAdminUserEnabled,
  acrAnonymousPullEnabled,
  acrPublicNetworkAccess,
  acrWithoutCustomerManagedKey,
  cosmosdbLocalAuthEnabled,
  cosmosdbPublicNetworkAccess,
  cosmosdbWithoutCustomerManagedKey,
  cosmosdbKeyBasedMetadataWrites,
  dataFactoryPublicNetworkAccess,
  dataFactoryWithoutCustomerManagedKey,
  cognitiveAccountPublicNetworkAccess,
  cognitiveAccountLocalAuthEnabled,
  cognitiveAccountWithoutCustomerManagedKey,
  azureVmExtensionsAllowed,
  azureVmWithoutEncryptionAtHost,
  azureWindowsVmAutomaticUpdatesDisabled,
  azureManagedDiskEncryptionDisabled,
  azureManagedDiskWithoutCustomerManagedKey,
  azureMessagingOldTls,
  azureMessagingLocalAuthEnabled,
  azureDefenderFreeTier,
  azureSecurityContactAlertsDisabled,
  azureSecurityContactAdminsNotAlerted,
  gkeLoggingDisabled,
  gkeMonitoringDisabled,
  gkeShieldedNodesDisabled,
  gkeAlphaFeaturesEnabled,
  gkeWithoutReleaseChannel,
  gkeWithoutSecretsEncryption,
  gkeIntranodeVisibilityDisabled,
  gkeWithoutBinaryAuthorization,
  gkeDeletionProtectionDisabled,
  gkeNodePoolAutoRepairDisabled,
  gkeNodePoolAutoUpgradeDisabled,
  gkeNodePoolSecureBootDisabled,
  gkeNodePoolIntegrityMonitoringDisabled,
  gkeNodeMetadataExposed,
  gkeNodeLegacyMetadataEndpoints,
  gkeNodeImageNotCos,
  gkeNodesDefaultServiceAccount,
  gceIpForwardingEnabled,
  gceProjectSshKeysAllowed,
  gceShieldedVmDisabled,
  gceSecureBootDisabled,
  gceDiskWithoutCustomerManagedKey,
  gceImageWithoutCustomerManagedKey,
  gcpSubnetWithoutPrivateGoogleAccess,
  gcpProjectDefaultNetwork,
  cloudSqlPostgresLogCheckpointsOff,
  cloudSqlPostgresLogConnectionsOff,
  cloudSqlPostgresLogDisconnectionsOff,
  cloudSqlPostgresLogLockWaitsOff,
  cloudSqlPostgresLogsStatements,
  cloudSqlPostgresTempFilesNotLogged,
  cloudSqlPostgresWithoutPgaudit,
  cloudSqlMysqlLocalInfileOn,
  cloudSqlMysqlShowsAllDatabases,
  cloudSqlSqlserverCrossDbOwnershipChaining,
  cloudSqlSqlserverContainedDatabaseAuthentication,
  cloudSqlSqlserverExternalScriptsEnabled,
  cloudSqlWithoutPointInTimeRecovery,
  cloudSqlDeletionProtectionDisabled,
  cloudSqlWithoutCustomerManagedKey,
  bigqueryDatasetWithoutCustomerManagedKey,
  bigqueryTableWithoutCustomerManagedKey,
  bigqueryTableDeletionProtectionDisabled,
  gcsBucketWithoutVersioning,
  gcsBucketWithoutAccessLogging,
  gcsBucketWithoutCustomerManagedKey,
  gcsBucketPublicAccessPreventionOff,
  pubsubTopicWithoutCustomerManagedKey,
  artifactRegistryWithoutCustomerManagedKey,
  dataprocClusterPublicIps,
  dataprocClusterWithoutCustomerManagedKey,
  spannerDatabaseDeletionProtectionDisabled,
  bigtableInstanceDeletionProtectionDisabled,
  memorystoreRedisWithoutAuth,
  memorystoreRedisWithoutTransitEncryption,
  gcpKmsKeyWithoutPreventDestroy,
  gcpSslPolicyOldTls,
  gcpSslPolicyWeakCiphers,
  gcpHttpsProxyWithoutSslPolicy,
  gcpBackendServiceWithoutLogging,
  gcpDnsPolicyLoggingDisabled,
  cloudFunctionHttpWithoutHttps,
  cloudRunAllowsAllIngress,
  cloudFunctionDefaultServiceAccount,
  azureStorageQueueLoggingIncomplete,
  azureCustomRoleAllowsEverything,
  azureDatabaseLoggingParameterOff,
  azureDatabaseSecureTransportOff,
  azureDatabaseParameterOldTls,
  apiManagementOldTls,
  azureFlowLogShortRetention,
  appServiceCorsAllowsAll,
  azureLogProfileIncompleteCategories,
  gcpDnsZoneWithoutDnssec,
  gcpProjectOsLoginDisabled,
  gcpServiceAccountUserAtProject,
  gcpServiceAccountKey,
  gcpAuditConfigIncomplete,
  gcpAuditConfigExemptsMembers,
  gcpDnssecWeakAlgorithm,
  gceDefaultServiceAccount,
  gceInstancePublicIp,
  bigqueryDatasetPublicAccess,
  gcpIamPolicyDocumentPublic,
  gcpIamPolicyDocumentPrimitiveRole,
  azureRecoveryVaultSoftDeleteDisabled,
  azureRecoveryVaultLocallyRedundant,
  azureStorageWithoutCustomerManagedKey,
  azureSearchPublicNetworkAccess,
  azureSearchLocalAuthEnabled,
  gkeWithoutGoogleGroupsRbac,
  gcpLogBucketShortRetention,
  gcpProjectSerialPortEnabled,
  azureKeyVaultSecretWithoutContentType,
  aksKubernetesDashboardEnabled,
  gcpRawEncryptionKeyInCode,
  azureApplicationGatewayWafDisabled,
  azureWafDetectionOnly,
  cloudSqlSqlserverRemoteAccessEnabled,
  aksSecretsProviderWithoutRotation,
  azureSqlDatabaseTdeDisabled,
  azureStorageCrossTenantReplication,
];

export const terraformProjectRules: readonly ProjectRule<TerraformSummary>[] = [
  s3BucketWithoutPublicAccessBlock,
  s3BucketWithoutVersioning,
  s3BucketWithoutAccessLogging,
  s3BucketWithoutEncryptionConfiguration,
  vpcWithoutFlowLogs,
];
