// The explicit rule list of the terraform analyzer: adding a rule adds one line here.
import type { FileRule, ProjectRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import type { TerraformSummary } from "../summary.ts";
import { acmCertificateTransparencyDisabled } from "./acm-certificate-transparency-disabled.ts";
import { acrAdminUserEnabled } from "./acr-admin-user-enabled.ts";
import { acrAnonymousPullEnabled } from "./acr-anonymous-pull-enabled.ts";
import { acrPublicNetworkAccess } from "./acr-public-network-access.ts";
import { acrWithoutCustomerManagedKey } from "./acr-without-customer-managed-key.ts";
import { adminServicePortOpenToInternet } from "./admin-service-port-open-to-internet.ts";
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
import { albWithoutWaf } from "./alb-without-waf.ts";
import { allPortsOpenToInternet } from "./all-ports-open-to-internet.ts";
import { apiGatewayCacheUnencrypted } from "./api-gateway-cache-unencrypted.ts";
import { apiGatewayDomainOldTls } from "./api-gateway-domain-old-tls.ts";
import { apiGatewayExecutionLoggingDisabled } from "./api-gateway-execution-logging-disabled.ts";
import { apiGatewayMethodWithoutAuth } from "./api-gateway-method-without-auth.ts";
import { apiGatewayStageWithoutAccessLogs } from "./api-gateway-stage-without-access-logs.ts";
import { apiGatewayStageWithoutExecutionLogging } from "./api-gateway-stage-without-execution-logging.ts";
import { apiGatewayStageWithoutTracing } from "./api-gateway-stage-without-tracing.ts";
import { apiGatewayStageWithoutWaf } from "./api-gateway-stage-without-waf.ts";
import { apiManagementOldTls } from "./api-management-old-tls.ts";
import { apigatewayv2DomainOldTls } from "./apigatewayv2-domain-old-tls.ts";
import { apigatewayv2RouteWithoutAuth } from "./apigatewayv2-route-without-auth.ts";
import { apigatewayv2StageWithoutAccessLogs } from "./apigatewayv2-stage-without-access-logs.ts";
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
import { appsyncWithoutLogging } from "./appsync-without-logging.ts";
import { artifactRegistryWithoutCustomerManagedKey } from "./artifact-registry-without-customer-managed-key.ts";
import { athenaDatabaseUnencrypted } from "./athena-database-unencrypted.ts";
import { athenaWorkgroupAllowsClientOverride } from "./athena-workgroup-allows-client-override.ts";
import { athenaWorkgroupResultsUnencrypted } from "./athena-workgroup-results-unencrypted.ts";
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
import { azureKeyVaultWithoutDiagnosticLogs } from "./azure-key-vault-without-diagnostic-logs.ts";
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
import { azureResourceWithoutDiagnosticLogs } from "./azure-resource-without-diagnostic-logs.ts";
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
import { azureSqlServerWithoutAuditing } from "./azure-sql-server-without-auditing.ts";
import { azureSqlServerWithoutThreatDetection } from "./azure-sql-server-without-threat-detection.ts";
import { azureSqlServerWithoutVulnerabilityAssessment } from "./azure-sql-server-without-vulnerability-assessment.ts";
import { azureSqlShortAuditRetention } from "./azure-sql-short-audit-retention.ts";
import { azureSqlTdeWithoutCustomerKey } from "./azure-sql-tde-without-customer-key.ts";
import { azureSqlThreatDetectionDisabled } from "./azure-sql-threat-detection-disabled.ts";
import { azureSqlVulnerabilityAssessmentWithoutNotifications } from "./azure-sql-vulnerability-assessment-without-notifications.ts";
import { azureSqlVulnerabilityAssessmentWithoutRecurringScans } from "./azure-sql-vulnerability-assessment-without-recurring-scans.ts";
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
import { azureVmWithoutBackup } from "./azure-vm-without-backup.ts";
import { azureVmWithoutEncryptionAtHost } from "./azure-vm-without-encryption-at-host.ts";
import { azureWafDetectionOnly } from "./azure-waf-detection-only.ts";
import { azureWindowsVmAutomaticUpdatesDisabled } from "./azure-windows-vm-automatic-updates-disabled.ts";
import { backupVaultWithoutKms } from "./backup-vault-without-kms.ts";
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
import { cloudfrontOriginAllowsHttp } from "./cloudfront-origin-allows-http.ts";
import { cloudfrontOriginOldTls } from "./cloudfront-origin-old-tls.ts";
import { cloudfrontOutdatedTls } from "./cloudfront-outdated-tls.ts";
import { cloudfrontWithoutAccessLogs } from "./cloudfront-without-access-logs.ts";
import { cloudfrontWithoutWaf } from "./cloudfront-without-waf.ts";
import { cloudtrailLogValidationDisabled } from "./cloudtrail-log-validation-disabled.ts";
import { cloudtrailLoggingDisabled } from "./cloudtrail-logging-disabled.ts";
import { cloudtrailSingleRegion } from "./cloudtrail-single-region.ts";
import { cloudtrailWithoutCloudwatchLogs } from "./cloudtrail-without-cloudwatch-logs.ts";
import { cloudtrailWithoutKms } from "./cloudtrail-without-kms.ts";
import { cloudwatchLogGroupShortRetention } from "./cloudwatch-log-group-short-retention.ts";
import { cloudwatchLogGroupWithoutKms } from "./cloudwatch-log-group-without-kms.ts";
import { cloudwatchLogGroupWithoutRetention } from "./cloudwatch-log-group-without-retention.ts";
import { codebuildArtifactsUnencrypted } from "./codebuild-artifacts-unencrypted.ts";
import { codebuildProjectWithoutCmk } from "./codebuild-project-without-cmk.ts";
import { cognitiveAccountLocalAuthEnabled } from "./cognitive-account-local-auth-enabled.ts";
import { cognitiveAccountPublicNetworkAccess } from "./cognitive-account-public-network-access.ts";
import { cognitiveAccountWithoutCustomerManagedKey } from "./cognitive-account-without-customer-managed-key.ts";
import { configRecorderNotRecordingAll } from "./config-recorder-not-recording-all.ts";
import { cosmosdbKeyBasedMetadataWrites } from "./cosmosdb-key-based-metadata-writes.ts";
import { cosmosdbLocalAuthEnabled } from "./cosmosdb-local-auth-enabled.ts";
import { cosmosdbPublicNetworkAccess } from "./cosmosdb-public-network-access.ts";
import { cosmosdbWithoutCustomerManagedKey } from "./cosmosdb-without-customer-managed-key.ts";
import { dataFactoryPublicNetworkAccess } from "./data-factory-public-network-access.ts";
import { dataFactoryWithoutCustomerManagedKey } from "./data-factory-without-customer-managed-key.ts";
import { databasePortOpenToInternet } from "./database-port-open-to-internet.ts";
import { databaseSkipsFinalSnapshot } from "./database-skips-final-snapshot.ts";
import { dataprocClusterPublicIps } from "./dataproc-cluster-public-ips.ts";
import { dataprocClusterWithoutCustomerManagedKey } from "./dataproc-cluster-without-customer-managed-key.ts";
import { daxClusterUnencrypted } from "./dax-cluster-unencrypted.ts";
import { dbParameterGroupAllowsPlaintext } from "./db-parameter-group-allows-plaintext.ts";
import { defaultSecurityGroupAllowsTraffic } from "./default-security-group-allows-traffic.ts";
import { dmsEndpointWithoutSsl } from "./dms-endpoint-without-ssl.ts";
import { dmsReplicationInstancePublic } from "./dms-replication-instance-public.ts";
import { dmsReplicationInstanceWithoutCmk } from "./dms-replication-instance-without-cmk.ts";
import { docdbParameterGroupTlsDisabled } from "./docdb-parameter-group-tls-disabled.ts";
import { docdbShortBackupRetention } from "./docdb-short-backup-retention.ts";
import { docdbWithoutCmk } from "./docdb-without-cmk.ts";
import { docdbWithoutDeletionProtection } from "./docdb-without-deletion-protection.ts";
import { docdbWithoutLogExports } from "./docdb-without-log-exports.ts";
import { dynamodbWithoutCmk } from "./dynamodb-without-cmk.ts";
import { dynamodbWithoutDeletionProtection } from "./dynamodb-without-deletion-protection.ts";
import { dynamodbWithoutPointInTimeRecovery } from "./dynamodb-without-point-in-time-recovery.ts";
import { ebsDefaultEncryptionDisabled } from "./ebs-default-encryption-disabled.ts";
import { ebsVolumeWithoutCmk } from "./ebs-volume-without-cmk.ts";
import { ec2DetailedMonitoringDisabled } from "./ec2-detailed-monitoring-disabled.ts";
import { ec2Imdsv1Enabled } from "./ec2-imdsv1-enabled.ts";
import { ec2NotEbsOptimized } from "./ec2-not-ebs-optimized.ts";
import { ec2PublicIp } from "./ec2-public-ip.ts";
import { ec2UserDataSecret } from "./ec2-user-data-secret.ts";
import { ecrMutableImageTags } from "./ecr-mutable-image-tags.ts";
import { ecrScanOnPushDisabled } from "./ecr-scan-on-push-disabled.ts";
import { ecrWithoutCmk } from "./ecr-without-cmk.ts";
import { ecsClusterWithoutContainerInsights } from "./ecs-cluster-without-container-insights.ts";
import { ecsServicePublicIp } from "./ecs-service-public-ip.ts";
import { ecsTaskEfsWithoutTransitEncryption } from "./ecs-task-efs-without-transit-encryption.ts";
import { ecsTaskHostNetwork } from "./ecs-task-host-network.ts";
import { ecsTaskPrivilegedContainer } from "./ecs-task-privileged-container.ts";
import { efsBackupPolicyDisabled } from "./efs-backup-policy-disabled.ts";
import { efsWithoutCmk } from "./efs-without-cmk.ts";
import { eksControlPlaneLoggingIncomplete } from "./eks-control-plane-logging-incomplete.ts";
import { eksNodeGroupSshOpen } from "./eks-node-group-ssh-open.ts";
import { eksPublicEndpoint } from "./eks-public-endpoint.ts";
import { eksSecretsNotEncrypted } from "./eks-secrets-not-encrypted.ts";
import { elasticacheWithoutAtRestEncryption } from "./elasticache-without-at-rest-encryption.ts";
import { elasticacheWithoutAuthToken } from "./elasticache-without-auth-token.ts";
import { elasticacheWithoutCmk } from "./elasticache-without-cmk.ts";
import { elasticacheWithoutSnapshots } from "./elasticache-without-snapshots.ts";
import { elasticacheWithoutTransitEncryption } from "./elasticache-without-transit-encryption.ts";
import { elbListenerAllowsHttp } from "./elb-listener-allows-http.ts";
import { elbWithoutAccessLogs } from "./elb-without-access-logs.ts";
import { emrClusterWithoutLogging } from "./emr-cluster-without-logging.ts";
import { fsxWithoutCmk } from "./fsx-without-cmk.ts";
import { gceBootDiskWithoutCustomerManagedKey } from "./gce-boot-disk-without-customer-managed-key.ts";
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
import { globalAcceleratorWithoutFlowLogs } from "./global-accelerator-without-flow-logs.ts";
import { glueConnectionPasswordsUnencrypted } from "./glue-connection-passwords-unencrypted.ts";
import { glueDataCatalogUnencrypted } from "./glue-data-catalog-unencrypted.ts";
import { glueSecurityConfigurationUnencrypted } from "./glue-security-configuration-unencrypted.ts";
import { guarddutyDetectorDisabled } from "./guardduty-detector-disabled.ts";
import { iamAdminPolicyAttached } from "./iam-admin-policy-attached.ts";
import { iamPasswordPolicyAllowsReuse } from "./iam-password-policy-allows-reuse.ts";
import { iamPasswordPolicyNeverExpires } from "./iam-password-policy-never-expires.ts";
import { iamPasswordPolicyShortMinimum } from "./iam-password-policy-short-minimum.ts";
import { iamPasswordPolicyWithoutLowercase } from "./iam-password-policy-without-lowercase.ts";
import { iamPasswordPolicyWithoutNumbers } from "./iam-password-policy-without-numbers.ts";
import { iamPasswordPolicyWithoutSymbols } from "./iam-password-policy-without-symbols.ts";
import { iamPasswordPolicyWithoutUppercase } from "./iam-password-policy-without-uppercase.ts";
import { iamPolicyAllowsEverything } from "./iam-policy-allows-everything.ts";
import { iamPolicyAttachedToUser } from "./iam-policy-attached-to-user.ts";
import { iamPolicyCredentialsExposure } from "./iam-policy-credentials-exposure.ts";
import { iamPolicyDataExfiltration } from "./iam-policy-data-exfiltration.ts";
import { iamPolicyPrivilegeEscalation } from "./iam-policy-privilege-escalation.ts";
import { iamPolicyServiceWildcard } from "./iam-policy-service-wildcard.ts";
import { iamRoleTrustsAnyPrincipal } from "./iam-role-trusts-any-principal.ts";
import { iamUserAccessKey } from "./iam-user-access-key.ts";
import { iamUserWithoutGroup } from "./iam-user-without-group.ts";
import { kinesisFirehoseUnencrypted } from "./kinesis-firehose-unencrypted.ts";
import { kinesisStreamWithAwsManagedKey } from "./kinesis-stream-with-aws-managed-key.ts";
import { kmsKeyRotationDisabled } from "./kms-key-rotation-disabled.ts";
import { lambdaDeprecatedRuntime } from "./lambda-deprecated-runtime.ts";
import { lambdaEnvironmentSecret } from "./lambda-environment-secret.ts";
import { lambdaEnvironmentWithoutCmk } from "./lambda-environment-without-cmk.ts";
import { lambdaPermissionAnyPrincipal } from "./lambda-permission-any-principal.ts";
import { lambdaPermissionWithoutSource } from "./lambda-permission-without-source.ts";
import { lambdaUrlWithoutAuth } from "./lambda-url-without-auth.ts";
import { lambdaWithoutDeadLetterQueue } from "./lambda-without-dead-letter-queue.ts";
import { lambdaWithoutTracing } from "./lambda-without-tracing.ts";
import { lbListenerAllowsHttp } from "./lb-listener-allows-http.ts";
import { lbOutdatedTlsPolicy } from "./lb-outdated-tls-policy.ts";
import { lbWithoutAccessLogs } from "./lb-without-access-logs.ts";
import { lbWithoutDeletionProtection } from "./lb-without-deletion-protection.ts";
import { memorydbOpenAccess } from "./memorydb-open-access.ts";
import { memorydbTlsDisabled } from "./memorydb-tls-disabled.ts";
import { memorydbWithoutCmk } from "./memorydb-without-cmk.ts";
import { memorydbWithoutSnapshots } from "./memorydb-without-snapshots.ts";
import { memorystoreRedisWithoutAuth } from "./memorystore-redis-without-auth.ts";
import { memorystoreRedisWithoutTransitEncryption } from "./memorystore-redis-without-transit-encryption.ts";
import { mqBrokerAuditLogsDisabled } from "./mq-broker-audit-logs-disabled.ts";
import { mqBrokerAutoMinorUpgradeDisabled } from "./mq-broker-auto-minor-upgrade-disabled.ts";
import { mqBrokerGeneralLogsDisabled } from "./mq-broker-general-logs-disabled.ts";
import { mqBrokerPubliclyAccessible } from "./mq-broker-publicly-accessible.ts";
import { mskPlaintextClientTraffic } from "./msk-plaintext-client-traffic.ts";
import { mskPlaintextInsideCluster } from "./msk-plaintext-inside-cluster.ts";
import { mskWithoutCmk } from "./msk-without-cmk.ts";
import { mwaaPublicWebserver } from "./mwaa-public-webserver.ts";
import { neptuneInstancePubliclyAccessible } from "./neptune-instance-publicly-accessible.ts";
import { neptuneShortBackupRetention } from "./neptune-short-backup-retention.ts";
import { neptuneWithoutAuditLogs } from "./neptune-without-audit-logs.ts";
import { neptuneWithoutCmk } from "./neptune-without-cmk.ts";
import { neptuneWithoutCopyTagsToSnapshot } from "./neptune-without-copy-tags-to-snapshot.ts";
import { neptuneWithoutDeletionProtection } from "./neptune-without-deletion-protection.ts";
import { neptuneWithoutIamAuthentication } from "./neptune-without-iam-authentication.ts";
import { opensearchDomainOutsideVpc } from "./opensearch-domain-outside-vpc.ts";
import { opensearchHttpsNotEnforced } from "./opensearch-https-not-enforced.ts";
import { opensearchOldTls } from "./opensearch-old-tls.ts";
import { opensearchWithoutAuditLogs } from "./opensearch-without-audit-logs.ts";
import { opensearchWithoutCmk } from "./opensearch-without-cmk.ts";
import { opensearchWithoutEncryptionAtRest } from "./opensearch-without-encryption-at-rest.ts";
import { opensearchWithoutFineGrainedAccess } from "./opensearch-without-fine-grained-access.ts";
import { opensearchWithoutLogPublishing } from "./opensearch-without-log-publishing.ts";
import { opensearchWithoutNodeToNodeEncryption } from "./opensearch-without-node-to-node-encryption.ts";
import { publicRdsInstance } from "./public-rds-instance.ts";
import { pubsubTopicWithoutCustomerManagedKey } from "./pubsub-topic-without-customer-managed-key.ts";
import { qldbLedgerAllowAllPermissions } from "./qldb-ledger-allow-all-permissions.ts";
import { qldbLedgerWithoutDeletionProtection } from "./qldb-ledger-without-deletion-protection.ts";
import { rdpOpenToInternet } from "./rdp-open-to-internet.ts";
import { rdsAutoMinorVersionUpgradeDisabled } from "./rds-auto-minor-version-upgrade-disabled.ts";
import { rdsPerformanceInsightsWithoutCmk } from "./rds-performance-insights-without-cmk.ts";
import { rdsShortBackupRetention } from "./rds-short-backup-retention.ts";
import { rdsWithoutCmk } from "./rds-without-cmk.ts";
import { rdsWithoutCopyTagsToSnapshot } from "./rds-without-copy-tags-to-snapshot.ts";
import { rdsWithoutDeletionProtection } from "./rds-without-deletion-protection.ts";
import { rdsWithoutEnhancedMonitoring } from "./rds-without-enhanced-monitoring.ts";
import { rdsWithoutIamAuthentication } from "./rds-without-iam-authentication.ts";
import { rdsWithoutLogExports } from "./rds-without-log-exports.ts";
import { rdsWithoutMultiAz } from "./rds-without-multi-az.ts";
import { rdsWithoutPerformanceInsights } from "./rds-without-performance-insights.ts";
import { redshiftClusterUnencrypted } from "./redshift-cluster-unencrypted.ts";
import { redshiftParameterGroupAllowsPlaintext } from "./redshift-parameter-group-allows-plaintext.ts";
import { redshiftPubliclyAccessible } from "./redshift-publicly-accessible.ts";
import { redshiftShortSnapshotRetention } from "./redshift-short-snapshot-retention.ts";
import { redshiftVersionUpgradeDisabled } from "./redshift-version-upgrade-disabled.ts";
import { redshiftWithoutAuditLogging } from "./redshift-without-audit-logging.ts";
import { redshiftWithoutCmk } from "./redshift-without-cmk.ts";
import { redshiftWithoutEnhancedVpcRouting } from "./redshift-without-enhanced-vpc-routing.ts";
import { resourcePolicyAllowsAnyPrincipal } from "./resource-policy-allows-any-principal.ts";
import { route53ZoneWithoutQueryLogging } from "./route53-zone-without-query-logging.ts";
import { s3BucketPolicyAllowsPublicAccess } from "./s3-bucket-policy-allows-public-access.ts";
import { s3BucketWithoutAccessLogging } from "./s3-bucket-without-access-logging.ts";
import { s3BucketWithoutEncryptionConfiguration } from "./s3-bucket-without-encryption-configuration.ts";
import { s3BucketWithoutKms } from "./s3-bucket-without-kms.ts";
import { s3BucketWithoutPublicAccessBlock } from "./s3-bucket-without-public-access-block.ts";
import { s3BucketWithoutVersioning } from "./s3-bucket-without-versioning.ts";
import { s3PublicAccessBlockDisabled } from "./s3-public-access-block-disabled.ts";
import { s3PublicAcl } from "./s3-public-acl.ts";
import { s3VersioningWithoutMfaDelete } from "./s3-versioning-without-mfa-delete.ts";
import { sagemakerDomainWithoutCmk } from "./sagemaker-domain-without-cmk.ts";
import { sagemakerEndpointWithoutCmk } from "./sagemaker-endpoint-without-cmk.ts";
import { sagemakerNotebookDirectInternet } from "./sagemaker-notebook-direct-internet.ts";
import { sagemakerNotebookRootAccess } from "./sagemaker-notebook-root-access.ts";
import { sagemakerNotebookWithoutCmk } from "./sagemaker-notebook-without-cmk.ts";
import { secretWithoutRecoveryWindow } from "./secret-without-recovery-window.ts";
import { secretWithoutRotation } from "./secret-without-rotation.ts";
import { secretsmanagerSecretWithoutCmk } from "./secretsmanager-secret-without-cmk.ts";
import { securityGroupRuleWithoutDescription } from "./security-group-rule-without-description.ts";
import { securityGroupWithoutDescription } from "./security-group-without-description.ts";
import { snsSubscriptionOverHttp } from "./sns-subscription-over-http.ts";
import { snsTopicWithAwsManagedKey } from "./sns-topic-with-aws-managed-key.ts";
import { spannerDatabaseDeletionProtectionDisabled } from "./spanner-database-deletion-protection-disabled.ts";
import { sqsQueueWithoutDeadLetterQueue } from "./sqs-queue-without-dead-letter-queue.ts";
import { sqsWithoutCmk } from "./sqs-without-cmk.ts";
import { sshOpenToInternet } from "./ssh-open-to-internet.ts";
import { ssmParameterSecretNotEncrypted } from "./ssm-parameter-secret-not-encrypted.ts";
import { ssmSecureParameterWithoutCmk } from "./ssm-secure-parameter-without-cmk.ts";
import { stepFunctionWithoutLogging } from "./step-function-without-logging.ts";
import { stepFunctionWithoutTracing } from "./step-function-without-tracing.ts";
import { subnetAssignsPublicIps } from "./subnet-assigns-public-ips.ts";
import { transferServerAllowsFtp } from "./transfer-server-allows-ftp.ts";
import { unencryptedDocdbCluster } from "./unencrypted-docdb-cluster.ts";
import { unencryptedEbsVolume } from "./unencrypted-ebs-volume.ts";
import { unencryptedEfsFileSystem } from "./unencrypted-efs-file-system.ts";
import { unencryptedInstanceBlockDevice } from "./unencrypted-instance-block-device.ts";
import { unencryptedKinesisStream } from "./unencrypted-kinesis-stream.ts";
import { unencryptedNeptuneCluster } from "./unencrypted-neptune-cluster.ts";
import { unencryptedRdsCluster } from "./unencrypted-rds-cluster.ts";
import { unencryptedRdsInstance } from "./unencrypted-rds-instance.ts";
import { unencryptedSnsTopic } from "./unencrypted-sns-topic.ts";
import { unencryptedSqsQueue } from "./unencrypted-sqs-queue.ts";
import { vpcDefaultSecurityGroupUnrestricted } from "./vpc-default-security-group-unrestricted.ts";
import { vpcEndpointServiceAutoAccepts } from "./vpc-endpoint-service-auto-accepts.ts";
import { vpcWithoutFlowLogs } from "./vpc-without-flow-logs.ts";
import { wafv2WebAclWithoutLogging } from "./wafv2-web-acl-without-logging.ts";
import { workspaceRootVolumeUnencrypted } from "./workspace-root-volume-unencrypted.ts";
import { workspaceUserVolumeUnencrypted } from "./workspace-user-volume-unencrypted.ts";

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
  adminServicePortOpenToInternet,
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
  gceBootDiskWithoutCustomerManagedKey,
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
  // AWS logging and monitoring (issue 21)
  cloudtrailWithoutCloudwatchLogs,
  cloudtrailLoggingDisabled,
  apiGatewayStageWithoutAccessLogs,
  apigatewayv2StageWithoutAccessLogs,
  apiGatewayExecutionLoggingDisabled,
  apiGatewayStageWithoutTracing,
  cloudfrontWithoutAccessLogs,
  rdsWithoutLogExports,
  elbWithoutAccessLogs,
  neptuneWithoutAuditLogs,
  docdbWithoutLogExports,
  mqBrokerGeneralLogsDisabled,
  mqBrokerAuditLogsDisabled,
  stepFunctionWithoutLogging,
  stepFunctionWithoutTracing,
  cloudwatchLogGroupShortRetention,
  cloudwatchLogGroupWithoutKms,
  appsyncWithoutLogging,
  emrClusterWithoutLogging,
  globalAcceleratorWithoutFlowLogs,
  configRecorderNotRecordingAll,
  guarddutyDetectorDisabled,
  ec2DetailedMonitoringDisabled,
  ecsClusterWithoutContainerInsights,
  // AWS backup and recovery (issue 21)
  rdsWithoutCopyTagsToSnapshot,
  databaseSkipsFinalSnapshot,
  dynamodbWithoutDeletionProtection,
  s3VersioningWithoutMfaDelete,
  elasticacheWithoutSnapshots,
  memorydbWithoutSnapshots,
  neptuneShortBackupRetention,
  docdbShortBackupRetention,
  redshiftShortSnapshotRetention,
  neptuneWithoutDeletionProtection,
  docdbWithoutDeletionProtection,
  qldbLedgerWithoutDeletionProtection,
  efsBackupPolicyDisabled,
  secretWithoutRecoveryWindow,
  backupVaultWithoutKms,
  // AWS customer-managed keys and encryption at rest (issue 21)
  rdsWithoutCmk,
  rdsPerformanceInsightsWithoutCmk,
  dynamodbWithoutCmk,
  sqsWithoutCmk,
  snsTopicWithAwsManagedKey,
  kinesisStreamWithAwsManagedKey,
  ecrWithoutCmk,
  secretsmanagerSecretWithoutCmk,
  ssmSecureParameterWithoutCmk,
  ebsDefaultEncryptionDisabled,
  ebsVolumeWithoutCmk,
  redshiftClusterUnencrypted,
  redshiftWithoutCmk,
  unencryptedNeptuneCluster,
  neptuneWithoutCmk,
  docdbWithoutCmk,
  efsWithoutCmk,
  athenaWorkgroupResultsUnencrypted,
  athenaWorkgroupAllowsClientOverride,
  athenaDatabaseUnencrypted,
  codebuildProjectWithoutCmk,
  codebuildArtifactsUnencrypted,
  glueDataCatalogUnencrypted,
  glueConnectionPasswordsUnencrypted,
  glueSecurityConfigurationUnencrypted,
  sagemakerNotebookWithoutCmk,
  sagemakerEndpointWithoutCmk,
  sagemakerDomainWithoutCmk,
  daxClusterUnencrypted,
  workspaceRootVolumeUnencrypted,
  workspaceUserVolumeUnencrypted,
  lambdaEnvironmentWithoutCmk,
  mskWithoutCmk,
  elasticacheWithoutCmk,
  opensearchWithoutCmk,
  fsxWithoutCmk,
  memorydbWithoutCmk,
  dmsReplicationInstanceWithoutCmk,
  kinesisFirehoseUnencrypted,
  // AWS encryption in transit (issue 21)
  apiGatewayDomainOldTls,
  apigatewayv2DomainOldTls,
  mskPlaintextInsideCluster,
  opensearchOldTls,
  transferServerAllowsFtp,
  memorydbTlsDisabled,
  snsSubscriptionOverHttp,
  dmsEndpointWithoutSsl,
  dbParameterGroupAllowsPlaintext,
  redshiftParameterGroupAllowsPlaintext,
  docdbParameterGroupTlsDisabled,
  elbListenerAllowsHttp,
  cloudfrontOriginAllowsHttp,
  cloudfrontOriginOldTls,
  ecsTaskEfsWithoutTransitEncryption,
  // AWS authentication and authorisation (issue 21)
  neptuneWithoutIamAuthentication,
  redshiftPubliclyAccessible,
  dmsReplicationInstancePublic,
  mqBrokerPubliclyAccessible,
  sagemakerNotebookDirectInternet,
  sagemakerNotebookRootAccess,
  subnetAssignsPublicIps,
  ecsServicePublicIp,
  mwaaPublicWebserver,
  eksNodeGroupSshOpen,
  memorydbOpenAccess,
  qldbLedgerAllowAllPermissions,
  opensearchWithoutFineGrainedAccess,
  elasticacheWithoutAuthToken,
  vpcEndpointServiceAutoAccepts,
  iamPasswordPolicyShortMinimum,
  iamPasswordPolicyAllowsReuse,
  iamPasswordPolicyNeverExpires,
  iamPasswordPolicyWithoutSymbols,
  iamPasswordPolicyWithoutNumbers,
  iamPasswordPolicyWithoutUppercase,
  iamPasswordPolicyWithoutLowercase,
  apiGatewayMethodWithoutAuth,
  apigatewayv2RouteWithoutAuth,
  lambdaPermissionAnyPrincipal,
  lambdaPermissionWithoutSource,
  iamPolicyPrivilegeEscalation,
  iamPolicyCredentialsExposure,
  iamPolicyDataExfiltration,
  // AWS hardening (issue 21)
  lambdaWithoutDeadLetterQueue,
  securityGroupWithoutDescription,
  rdsAutoMinorVersionUpgradeDisabled,
  mqBrokerAutoMinorUpgradeDisabled,
  redshiftVersionUpgradeDisabled,
  redshiftWithoutEnhancedVpcRouting,
  acmCertificateTransparencyDisabled,
  rdsWithoutEnhancedMonitoring,
  cloudfrontWithoutWaf,
  apiGatewayCacheUnencrypted,
  lambdaDeprecatedRuntime,
  ecsTaskHostNetwork,
  ecsTaskPrivilegedContainer,
  securityGroupRuleWithoutDescription,
  // AWS late additions (issue 21)
  opensearchDomainOutsideVpc,
  neptuneInstancePubliclyAccessible,
  neptuneWithoutCopyTagsToSnapshot,
  rdsWithoutPerformanceInsights,
  rdsWithoutMultiAz,
  opensearchWithoutLogPublishing,
  opensearchWithoutAuditLogs,
  // AWS hardening, continued (issue 21)
  ec2NotEbsOptimized,
  sqsQueueWithoutDeadLetterQueue,
  ssmParameterSecretNotEncrypted,
  azureSqlVulnerabilityAssessmentWithoutRecurringScans,
  azureSqlVulnerabilityAssessmentWithoutNotifications,
];

export const terraformProjectRules: readonly ProjectRule<TerraformSummary>[] = [
  s3BucketWithoutPublicAccessBlock,
  s3BucketWithoutVersioning,
  s3BucketWithoutAccessLogging,
  s3BucketWithoutEncryptionConfiguration,
  vpcWithoutFlowLogs,
  // AWS companions joined within a module (issue 21)
  secretWithoutRotation,
  wafv2WebAclWithoutLogging,
  albWithoutWaf,
  redshiftWithoutAuditLogging,
  route53ZoneWithoutQueryLogging,
  s3BucketWithoutKms,
  vpcDefaultSecurityGroupUnrestricted,
  apiGatewayStageWithoutWaf,
  apiGatewayStageWithoutExecutionLogging,
  iamUserWithoutGroup,
  // Azure settings kept on resources of their own, joined within a module
  azureKeyVaultWithoutDiagnosticLogs,
  azureResourceWithoutDiagnosticLogs,
  azureSqlServerWithoutAuditing,
  azureSqlServerWithoutThreatDetection,
  azureSqlServerWithoutVulnerabilityAssessment,
  azureVmWithoutBackup,
  azureStorageWithoutCustomerManagedKey,
  azureSqlWithoutEntraAdmin,
  cognitiveAccountWithoutCustomerManagedKey,
];
