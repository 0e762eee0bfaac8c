// Which drifted attributes a security rule checks, derived from the engine's own rules: a rule
// built by `settingRule` declares its setting, and for the rules written as code this table says
// what they read (a test keeps it complete: every Terraform and Kubernetes rule has an entry, and
// every entry names a real rule). A drifted attribute some rule checks is security-relevant, with
// the severity of the most severe such rule.

import { kubernetesRules } from "../analyzers/kubernetes/rules/index.ts";
import { settingCheckOf } from "../analyzers/terraform/checks.ts";
import { terraformProjectRules, terraformRules } from "../analyzers/terraform/rules/index.ts";
import { type RuleMeta, type Severity, severityRank } from "../rule.ts";
import type { StateKind } from "./types.ts";

/**
 * Resource types (Terraform) or kinds (Kubernetes) and the attribute paths a rule reads, without
 * list indexes (`settings.ip_configuration.ssl_mode`). Kubernetes pseudo-kinds: `pod` for paths
 * under any workload's pod spec, `pod-metadata` under its pod template metadata, `container` under
 * each of its containers.
 */
export interface Watch {
  types: readonly string[];
  paths: readonly string[];
}

const SG = ["aws_security_group", "aws_default_security_group"];
const SG_RULE = ["aws_security_group_rule", "aws_vpc_security_group_ingress_rule"];
const NETWORK_PATHS = [
  "ingress",
  "egress",
  "cidr_blocks",
  "ipv6_cidr_blocks",
  "cidr_ipv4",
  "cidr_ipv6",
  "from_port",
  "to_port",
  "ip_protocol",
  "protocol",
  "type",
];
const AZURE_RULE_PATHS = [
  "access",
  "direction",
  "source_address_prefix",
  "source_address_prefixes",
  "destination_port_range",
  "destination_port_ranges",
  "protocol",
];
const IAM_POLICY_PATHS = ["policy", "statement", "inline_policy"];
const POLICY_TYPES = [
  "aws_iam_policy",
  "aws_iam_role_policy",
  "aws_iam_user_policy",
  "aws_iam_group_policy",
  "aws_iam_role",
];
const ATTACHMENTS = [
  "aws_iam_group_policy_attachment",
  "aws_iam_policy_attachment",
  "aws_iam_role_policy_attachment",
  "aws_iam_user_policy_attachment",
];

/** Rules written as code (not `settingRule`): what they read. */
export const CODE_RULE_WATCHES: Readonly<Record<string, readonly Watch[]>> = {
  "terraform/api-management-old-tls": [{ types: ["azurerm_api_management"], paths: ["security"] }],
  "terraform/app-service-cors-allows-all": [
    {
      types: [
        "azurerm_app_service",
        "azurerm_linux_web_app",
        "azurerm_windows_web_app",
        "azurerm_function_app",
        "azurerm_linux_function_app",
        "azurerm_windows_function_app",
      ],
      paths: ["site_config.cors.allowed_origins"],
    },
  ],
  "terraform/azure-custom-role-allows-everything": [
    { types: ["azurerm_role_definition"], paths: ["permissions.actions"] },
  ],
  "terraform/azure-flow-log-short-retention": [
    { types: ["azurerm_network_watcher_flow_log"], paths: ["retention_policy"] },
  ],
  "terraform/azure-log-profile-incomplete-categories": [
    { types: ["azurerm_monitor_log_profile"], paths: ["categories"] },
  ],
  "terraform/azure-storage-queue-logging-incomplete": [
    { types: ["azurerm_storage_account"], paths: ["queue_properties.logging"] },
  ],
  "terraform/bigquery-dataset-public-access": [
    {
      types: ["google_bigquery_dataset", "google_bigquery_dataset_access"],
      paths: ["access", "special_group", "iam_member"],
    },
  ],
  "terraform/gce-default-service-account": [
    {
      types: ["google_compute_instance", "google_compute_instance_template"],
      paths: ["service_account.email", "service_account.scopes"],
    },
  ],
  "terraform/gce-instance-public-ip": [
    {
      types: ["google_compute_instance", "google_compute_instance_template"],
      paths: ["network_interface.access_config"],
    },
  ],
  "terraform/gcp-audit-config-exempts-members": [
    {
      types: [
        "google_project_iam_audit_config",
        "google_folder_iam_audit_config",
        "google_organization_iam_audit_config",
      ],
      paths: ["audit_log_config.exempted_members"],
    },
  ],
  "terraform/gcp-audit-config-incomplete": [
    {
      types: [
        "google_project_iam_audit_config",
        "google_folder_iam_audit_config",
        "google_organization_iam_audit_config",
      ],
      paths: ["service", "audit_log_config"],
    },
  ],
  "terraform/gcp-dnssec-weak-algorithm": [
    { types: ["google_dns_managed_zone"], paths: ["dnssec_config.default_key_specs"] },
  ],
  "terraform/gcp-iam-policy-document-primitive-role": [
    { types: ["google_iam_policy"], paths: ["binding.role"] },
  ],
  "terraform/gcp-iam-policy-document-public": [{ types: ["google_iam_policy"], paths: ["binding.members"] }],
  "terraform/gcp-raw-encryption-key-in-code": [
    {
      types: [
        "google_compute_disk",
        "google_compute_instance",
        "google_compute_image",
        "google_compute_snapshot",
      ],
      paths: [
        "disk_encryption_key",
        "source_image_encryption_key",
        "source_snapshot_encryption_key",
        "boot_disk.disk_encryption_key_raw",
        "attached_disk.disk_encryption_key_raw",
        "image_encryption_key",
        "snapshot_encryption_key",
        "source_disk_encryption_key",
      ],
    },
  ],
  "terraform/gcp-service-account-key": [
    { types: ["google_service_account_key"], paths: ["service_account_id", "public_key_data"] },
  ],
  "terraform/gcp-service-account-user-at-project": [
    {
      types: [
        "google_folder_iam_binding",
        "google_folder_iam_member",
        "google_organization_iam_binding",
        "google_organization_iam_member",
        "google_project_iam_binding",
        "google_project_iam_member",
      ],
      paths: ["role"],
    },
  ],
  "terraform/all-ports-open-to-internet": [
    {
      types: ["google_compute_firewall", ...SG, ...SG_RULE],
      paths: ["source_ranges", "allow", "direction", "disabled", ...NETWORK_PATHS],
    },
  ],
  "terraform/azure-owner-at-subscription-scope": [
    { types: ["azurerm_role_assignment"], paths: ["role_definition_name", "scope"] },
  ],
  "terraform/azure-sql-firewall-allows-internet": [
    {
      types: [
        "azurerm_mariadb_firewall_rule",
        "azurerm_mssql_firewall_rule",
        "azurerm_mysql_firewall_rule",
        "azurerm_mysql_flexible_server_firewall_rule",
        "azurerm_postgresql_firewall_rule",
        "azurerm_postgresql_flexible_server_firewall_rule",
        "azurerm_sql_firewall_rule",
      ],
      paths: ["start_ip_address", "end_ip_address"],
    },
  ],
  "terraform/azure-storage-allows-http": [
    {
      types: ["azurerm_storage_account"],
      paths: ["https_traffic_only_enabled", "enable_https_traffic_only"],
    },
  ],
  "terraform/cloud-sql-open-authorized-network": [
    { types: ["google_sql_database_instance"], paths: ["settings.ip_configuration.authorized_networks"] },
  ],
  "terraform/cloudfront-allows-http": [
    {
      types: ["aws_cloudfront_distribution"],
      paths: [
        "default_cache_behavior.viewer_protocol_policy",
        "ordered_cache_behavior.viewer_protocol_policy",
      ],
    },
  ],
  "terraform/database-port-open-to-internet": [{ types: [...SG, ...SG_RULE], paths: NETWORK_PATHS }],
  "terraform/default-security-group-allows-traffic": [
    { types: ["aws_default_security_group"], paths: ["ingress", "egress"] },
  ],
  "terraform/ec2-user-data-secret": [
    { types: ["aws_instance", "aws_launch_configuration", "aws_launch_template"], paths: ["user_data"] },
  ],
  "terraform/eks-control-plane-logging-incomplete": [
    { types: ["aws_eks_cluster"], paths: ["enabled_cluster_log_types"] },
  ],
  "terraform/eks-public-endpoint": [
    {
      types: ["aws_eks_cluster"],
      paths: ["vpc_config.endpoint_public_access", "vpc_config.public_access_cidrs"],
    },
  ],
  "terraform/gce-default-service-account-full-scope": [
    {
      types: ["google_compute_instance", "google_compute_instance_template"],
      paths: ["service_account.email", "service_account.scopes"],
    },
  ],
  "terraform/gcp-iam-grants-public-access": [
    {
      types: ["google_storage_bucket_iam_member", "google_storage_bucket_iam_binding"],
      paths: ["member", "members"],
    },
  ],
  "terraform/gcp-primitive-role-binding": [
    {
      types: [
        "google_folder_iam_binding",
        "google_folder_iam_member",
        "google_organization_iam_binding",
        "google_organization_iam_member",
        "google_project_iam_binding",
        "google_project_iam_member",
      ],
      paths: ["role", "member", "members"],
    },
  ],
  "terraform/gcp-subnet-without-flow-logs": [
    { types: ["google_compute_subnetwork"], paths: ["log_config", "purpose"] },
  ],
  "terraform/gke-without-master-authorized-networks": [
    {
      types: ["google_container_cluster"],
      paths: ["master_authorized_networks_config", "private_cluster_config.enable_private_endpoint"],
    },
  ],
  "terraform/gke-without-workload-identity": [
    { types: ["google_container_cluster"], paths: ["workload_identity_config", "enable_autopilot"] },
  ],
  "terraform/iam-admin-policy-attached": [
    { types: [...ATTACHMENTS, "aws_iam_role"], paths: ["policy_arn", "managed_policy_arns"] },
  ],
  "terraform/iam-policy-allows-everything": [{ types: POLICY_TYPES, paths: IAM_POLICY_PATHS }],
  "terraform/iam-policy-attached-to-user": [
    {
      types: ["aws_iam_user_policy", "aws_iam_user_policy_attachment", "aws_iam_policy_attachment"],
      paths: ["users", "user", "policy_arn", "policy"],
    },
  ],
  "terraform/iam-policy-service-wildcard": [{ types: POLICY_TYPES, paths: IAM_POLICY_PATHS }],
  "terraform/iam-role-trusts-any-principal": [{ types: ["aws_iam_role"], paths: ["assume_role_policy"] }],
  "terraform/iam-user-access-key": [{ types: ["aws_iam_access_key"], paths: ["status", "user"] }],
  "terraform/lambda-environment-secret": [
    { types: ["aws_lambda_function"], paths: ["environment.variables"] },
  ],
  "terraform/lb-listener-allows-http": [
    {
      types: ["aws_lb_listener", "aws_alb_listener"],
      paths: ["protocol", "default_action.type", "default_action.redirect.protocol"],
    },
  ],
  "terraform/rdp-open-to-internet": [
    {
      types: ["azurerm_network_security_rule", "azurerm_network_security_group"],
      paths: [...AZURE_RULE_PATHS, "security_rule"],
    },
  ],
  "terraform/resource-policy-allows-any-principal": [
    {
      types: ["aws_s3_bucket", "aws_s3_bucket_policy", "aws_sqs_queue_policy", "aws_sns_topic_policy"],
      paths: ["policy"],
    },
  ],
  "terraform/s3-bucket-policy-allows-public-access": [
    { types: ["aws_s3_bucket", "aws_s3_bucket_policy"], paths: ["policy"] },
  ],
  "terraform/s3-bucket-without-access-logging": [
    { types: ["aws_s3_bucket", "aws_s3_bucket_logging"], paths: ["logging", "target_bucket"] },
  ],
  "terraform/s3-bucket-without-encryption-configuration": [
    {
      types: ["aws_s3_bucket", "aws_s3_bucket_server_side_encryption_configuration"],
      paths: ["server_side_encryption_configuration", "rule"],
    },
  ],
  "terraform/s3-bucket-without-public-access-block": [
    {
      types: ["aws_s3_bucket_public_access_block", "aws_s3_account_public_access_block"],
      paths: ["block_public_acls", "block_public_policy", "ignore_public_acls", "restrict_public_buckets"],
    },
  ],
  "terraform/s3-bucket-without-versioning": [
    {
      types: ["aws_s3_bucket", "aws_s3_bucket_versioning"],
      paths: ["versioning", "versioning_configuration.status"],
    },
  ],
  "terraform/s3-public-access-block-disabled": [
    {
      types: ["aws_s3_bucket_public_access_block", "aws_s3_account_public_access_block"],
      paths: ["block_public_acls", "block_public_policy", "ignore_public_acls", "restrict_public_buckets"],
    },
  ],
  "terraform/ssh-open-to-internet": [
    {
      types: [
        ...SG,
        ...SG_RULE,
        "aws_network_acl",
        "aws_network_acl_rule",
        "aws_default_network_acl",
        "google_compute_firewall",
      ],
      paths: [...NETWORK_PATHS, "source_ranges", "allow", "cidr_block", "rule_action"],
    },
    {
      types: ["azurerm_network_security_rule", "azurerm_network_security_group"],
      paths: [...AZURE_RULE_PATHS, "security_rule"],
    },
  ],
  "terraform/unencrypted-instance-block-device": [
    {
      types: ["aws_instance", "aws_launch_configuration", "aws_launch_template"],
      paths: [
        "root_block_device.encrypted",
        "ebs_block_device.encrypted",
        "block_device_mappings.ebs.encrypted",
      ],
    },
  ],
  "terraform/vpc-without-flow-logs": [{ types: ["aws_flow_log"], paths: ["vpc_id", "traffic_type"] }],

  // AWS rules of issue 21 written as code
  "terraform/ecs-cluster-without-container-insights": [
    { types: ["aws_ecs_cluster"], paths: ["setting.name", "setting.value"] },
  ],
  "terraform/glue-security-configuration-unencrypted": [
    { types: ["aws_glue_security_configuration"], paths: ["encryption_configuration"] },
  ],
  "terraform/db-parameter-group-allows-plaintext": [
    { types: ["aws_db_parameter_group", "aws_rds_cluster_parameter_group"], paths: ["family", "parameter"] },
  ],
  "terraform/redshift-parameter-group-allows-plaintext": [
    { types: ["aws_redshift_parameter_group"], paths: ["parameter"] },
  ],
  "terraform/docdb-parameter-group-tls-disabled": [
    { types: ["aws_docdb_cluster_parameter_group"], paths: ["parameter"] },
  ],
  "terraform/elb-listener-allows-http": [{ types: ["aws_elb"], paths: ["listener.lb_protocol"] }],
  "terraform/cloudfront-origin-allows-http": [
    { types: ["aws_cloudfront_distribution"], paths: ["origin.custom_origin_config.origin_protocol_policy"] },
  ],
  "terraform/cloudfront-origin-old-tls": [
    { types: ["aws_cloudfront_distribution"], paths: ["origin.custom_origin_config.origin_ssl_protocols"] },
  ],
  "terraform/ecs-task-efs-without-transit-encryption": [
    { types: ["aws_ecs_task_definition"], paths: ["volume.efs_volume_configuration.transit_encryption"] },
  ],
  "terraform/api-gateway-method-without-auth": [
    { types: ["aws_api_gateway_method"], paths: ["authorization", "http_method", "api_key_required"] },
  ],
  "terraform/apigatewayv2-route-without-auth": [
    { types: ["aws_apigatewayv2_route"], paths: ["authorization_type", "route_key", "api_key_required"] },
  ],
  "terraform/lambda-permission-any-principal": [
    {
      types: ["aws_lambda_permission"],
      paths: ["principal", "source_arn", "source_account", "principal_org_id", "function_url_auth_type"],
    },
  ],
  "terraform/lambda-permission-without-source": [
    {
      types: ["aws_lambda_permission"],
      paths: ["principal", "source_arn", "source_account", "principal_org_id"],
    },
  ],
  "terraform/iam-policy-privilege-escalation": [{ types: POLICY_TYPES, paths: IAM_POLICY_PATHS }],
  "terraform/iam-policy-credentials-exposure": [{ types: POLICY_TYPES, paths: IAM_POLICY_PATHS }],
  "terraform/iam-policy-data-exfiltration": [{ types: POLICY_TYPES, paths: IAM_POLICY_PATHS }],
  "terraform/ecs-task-privileged-container": [
    { types: ["aws_ecs_task_definition"], paths: ["container_definitions"] },
  ],
  "terraform/security-group-rule-without-description": [
    {
      types: [...SG, ...SG_RULE, "aws_vpc_security_group_egress_rule"],
      paths: ["ingress", "egress", "description"],
    },
  ],
  "terraform/secret-without-rotation": [
    { types: ["aws_secretsmanager_secret"], paths: ["rotation_rules"] },
    { types: ["aws_secretsmanager_secret_rotation"], paths: ["secret_id"] },
  ],
  "terraform/wafv2-web-acl-without-logging": [
    { types: ["aws_wafv2_web_acl_logging_configuration"], paths: ["resource_arn"] },
  ],
  "terraform/alb-without-waf": [
    { types: ["aws_lb"], paths: ["load_balancer_type"] },
    {
      types: ["aws_wafv2_web_acl_association", "aws_wafregional_web_acl_association"],
      paths: ["resource_arn"],
    },
  ],
  "terraform/redshift-without-audit-logging": [
    { types: ["aws_redshift_cluster"], paths: ["logging"] },
    { types: ["aws_redshift_logging"], paths: ["cluster_identifier"] },
  ],
  "terraform/opensearch-without-log-publishing": [
    { types: ["aws_opensearch_domain", "aws_elasticsearch_domain"], paths: ["log_publishing_options"] },
  ],
  "terraform/opensearch-without-audit-logs": [
    { types: ["aws_opensearch_domain", "aws_elasticsearch_domain"], paths: ["log_publishing_options"] },
  ],
  "terraform/s3-bucket-without-kms": [
    { types: ["aws_s3_bucket"], paths: ["server_side_encryption_configuration"] },
    { types: ["aws_s3_bucket_server_side_encryption_configuration"], paths: ["rule", "bucket"] },
  ],
  "terraform/vpc-default-security-group-unrestricted": [
    { types: ["aws_default_security_group"], paths: ["vpc_id"] },
  ],
  // Module joins of issue 21 part 4: the resource's own switch, and the companion's link to it
  "terraform/api-gateway-stage-without-waf": [
    {
      types: ["aws_wafv2_web_acl_association", "aws_wafregional_web_acl_association"],
      paths: ["resource_arn"],
    },
  ],
  "terraform/api-gateway-stage-without-execution-logging": [
    { types: ["aws_api_gateway_method_settings"], paths: ["stage_name"] },
  ],
  "terraform/iam-user-without-group": [
    { types: ["aws_iam_user_group_membership"], paths: ["user", "groups"] },
    { types: ["aws_iam_group_membership"], paths: ["users", "group"] },
  ],
  "terraform/azure-key-vault-without-diagnostic-logs": [
    { types: ["azurerm_monitor_diagnostic_setting"], paths: ["target_resource_id", "enabled_log", "log"] },
  ],
  "terraform/azure-resource-without-diagnostic-logs": [
    { types: ["azurerm_monitor_diagnostic_setting"], paths: ["target_resource_id", "enabled_log", "log"] },
  ],
  "terraform/azure-sql-server-without-auditing": [
    { types: ["azurerm_mssql_server", "azurerm_sql_server"], paths: ["extended_auditing_policy"] },
    { types: ["azurerm_mssql_server_extended_auditing_policy"], paths: ["server_id", "enabled"] },
  ],
  "terraform/azure-sql-server-without-threat-detection": [
    { types: ["azurerm_sql_server"], paths: ["threat_detection_policy"] },
    { types: ["azurerm_mssql_server_security_alert_policy"], paths: ["server_name", "state"] },
  ],
  "terraform/azure-sql-server-without-vulnerability-assessment": [
    { types: ["azurerm_mssql_server_vulnerability_assessment"], paths: ["server_security_alert_policy_id"] },
    { types: ["azurerm_mssql_server_security_alert_policy"], paths: ["server_name"] },
  ],
  "terraform/azure-vm-without-backup": [{ types: ["azurerm_backup_protected_vm"], paths: ["source_vm_id"] }],
  "terraform/azure-storage-without-customer-managed-key": [
    { types: ["azurerm_storage_account"], paths: ["customer_managed_key"] },
    { types: ["azurerm_storage_account_customer_managed_key"], paths: ["storage_account_id"] },
  ],
  "terraform/azure-sql-without-entra-admin": [
    { types: ["azurerm_mssql_server", "azurerm_sql_server"], paths: ["azuread_administrator"] },
    { types: ["azurerm_sql_active_directory_administrator"], paths: ["server_name"] },
  ],
  "terraform/cognitive-account-without-customer-managed-key": [
    { types: ["azurerm_cognitive_account"], paths: ["customer_managed_key"] },
    { types: ["azurerm_cognitive_account_customer_managed_key"], paths: ["cognitive_account_id"] },
  ],
  "terraform/sqs-queue-without-dead-letter-queue": [
    { types: ["aws_sqs_queue"], paths: ["redrive_policy", "redrive_allow_policy", "name"] },
    { types: ["aws_sqs_queue_redrive_policy"], paths: ["queue_url", "redrive_policy"] },
  ],
  "terraform/admin-service-port-open-to-internet": [
    {
      types: [
        ...SG,
        ...SG_RULE,
        "aws_network_acl",
        "aws_network_acl_rule",
        "aws_default_network_acl",
        "google_compute_firewall",
      ],
      paths: [...NETWORK_PATHS, "source_ranges", "allow", "cidr_block", "rule_action"],
    },
    {
      types: ["azurerm_network_security_rule", "azurerm_network_security_group"],
      paths: [...AZURE_RULE_PATHS, "security_rule"],
    },
  ],
  "terraform/ssm-parameter-secret-not-encrypted": [{ types: ["aws_ssm_parameter"], paths: ["name", "type"] }],
  "terraform/route53-zone-without-query-logging": [
    { types: ["aws_route53_zone"], paths: ["vpc"] },
    { types: ["aws_route53_query_log"], paths: ["zone_id"] },
  ],

  "kubernetes/anonymous-rbac-binding": [
    { types: ["RoleBinding", "ClusterRoleBinding"], paths: ["subjects", "roleRef"] },
  ],
  "kubernetes/apparmor-unconfined": [
    { types: ["container"], paths: ["securityContext.appArmorProfile"] },
    { types: ["pod"], paths: ["securityContext.appArmorProfile"] },
    { types: ["pod-metadata"], paths: ["annotations"] },
  ],
  "kubernetes/capabilities-not-dropped": [
    { types: ["container"], paths: ["securityContext.capabilities.drop"] },
  ],
  "kubernetes/cluster-admin-binding": [
    { types: ["RoleBinding", "ClusterRoleBinding"], paths: ["subjects", "roleRef"] },
  ],
  "kubernetes/container-runs-as-root": [
    { types: ["container", "pod"], paths: ["securityContext.runAsNonRoot", "securityContext.runAsUser"] },
  ],
  "kubernetes/credential-in-env-value": [{ types: ["container"], paths: ["env"] }],
  "kubernetes/custom-selinux-options": [
    { types: ["container", "pod"], paths: ["securityContext.seLinuxOptions"] },
  ],
  "kubernetes/dangerous-capability-added": [
    { types: ["container"], paths: ["securityContext.capabilities.add"] },
  ],
  "kubernetes/default-namespace": [{ types: ["*"], paths: ["metadata.namespace"] }],
  "kubernetes/host-ipc": [{ types: ["pod"], paths: ["hostIPC"] }],
  "kubernetes/host-network": [{ types: ["pod"], paths: ["hostNetwork"] }],
  "kubernetes/host-path-volume": [{ types: ["pod"], paths: ["volumes.hostPath"] }],
  "kubernetes/host-pid": [{ types: ["pod"], paths: ["hostPID"] }],
  "kubernetes/host-port": [{ types: ["container"], paths: ["ports.hostPort"] }],
  "kubernetes/image-latest-tag": [{ types: ["container"], paths: ["image"] }],
  "kubernetes/image-not-pinned-by-digest": [{ types: ["container"], paths: ["image"] }],
  "kubernetes/ingress-without-tls": [{ types: ["Ingress"], paths: ["spec.tls", "metadata.annotations"] }],
  "kubernetes/load-balancer-without-source-ranges": [
    { types: ["Service"], paths: ["spec.type", "spec.loadBalancerSourceRanges", "metadata.annotations"] },
  ],
  "kubernetes/missing-cpu-limit": [{ types: ["container"], paths: ["resources.limits.cpu"] }],
  "kubernetes/missing-liveness-probe": [{ types: ["container"], paths: ["livenessProbe"] }],
  "kubernetes/missing-memory-limit": [{ types: ["container"], paths: ["resources.limits.memory"] }],
  "kubernetes/missing-readiness-probe": [{ types: ["container"], paths: ["readinessProbe"] }],
  "kubernetes/missing-resource-requests": [{ types: ["container"], paths: ["resources.requests"] }],
  "kubernetes/missing-seccomp-profile": [
    { types: ["container", "pod"], paths: ["securityContext.seccompProfile"] },
    { types: ["pod-metadata"], paths: ["annotations"] },
  ],
  "kubernetes/node-port-service": [{ types: ["Service"], paths: ["spec.type"] }],
  "kubernetes/privilege-escalation-allowed": [
    {
      types: ["container"],
      paths: [
        "securityContext.allowPrivilegeEscalation",
        "securityContext.privileged",
        "securityContext.capabilities.add",
      ],
    },
  ],
  "kubernetes/privileged-container": [{ types: ["container"], paths: ["securityContext.privileged"] }],
  "kubernetes/rbac-escalation-verbs": [{ types: ["Role", "ClusterRole"], paths: ["rules"] }],
  "kubernetes/rbac-pod-exec": [{ types: ["Role", "ClusterRole"], paths: ["rules"] }],
  "kubernetes/rbac-secrets-access": [{ types: ["Role", "ClusterRole"], paths: ["rules"] }],
  "kubernetes/rbac-wildcard-permissions": [{ types: ["Role", "ClusterRole"], paths: ["rules"] }],
  "kubernetes/secret-in-manifest": [{ types: ["Secret"], paths: ["data", "stringData"] }],
  "kubernetes/sensitive-host-path": [{ types: ["pod"], paths: ["volumes.hostPath"] }],
  "kubernetes/service-account-token-automounted": [
    { types: ["pod", "ServiceAccount"], paths: ["automountServiceAccountToken", "serviceAccountName"] },
  ],
  "kubernetes/service-external-ips": [{ types: ["Service"], paths: ["spec.externalIPs"] }],
  "kubernetes/shared-process-namespace": [{ types: ["pod"], paths: ["shareProcessNamespace"] }],
  "kubernetes/stale-image-pull-policy": [{ types: ["container"], paths: ["imagePullPolicy"] }],
  "kubernetes/unmasked-proc-mount": [{ types: ["container"], paths: ["securityContext.procMount"] }],
  "kubernetes/unsafe-sysctl": [{ types: ["pod"], paths: ["securityContext.sysctls"] }],
  "kubernetes/windows-host-process": [
    { types: ["container", "pod"], paths: ["securityContext.windowsOptions.hostProcess"] },
  ],
  "kubernetes/writable-root-filesystem": [
    { types: ["container"], paths: ["securityContext.readOnlyRootFilesystem"] },
  ],
};

export interface SecuritySetting {
  severity: Severity;
  rules: string[];
}

type Index = Map<string, Map<string, SecuritySetting>>;

function add(index: Index, type: string, path: string, rule: RuleMeta): void {
  let byPath = index.get(type);
  if (!byPath) {
    byPath = new Map();
    index.set(type, byPath);
  }
  const known = byPath.get(path);
  if (!known) byPath.set(path, { severity: rule.severity, rules: [rule.id] });
  else {
    known.rules.push(rule.id);
    if (severityRank(rule.severity) < severityRank(known.severity)) known.severity = rule.severity;
  }
}

/** The watched settings by kind, then type, then path; built once from the rule registry. */
let built: Record<StateKind, Index> | undefined;

export function securityIndex(): Record<StateKind, Index> {
  if (built) return built;
  const terraform: Index = new Map();
  const kubernetes: Index = new Map();
  for (const rule of [...terraformRules, ...terraformProjectRules, ...kubernetesRules]) {
    const index = rule.analyzer === "kubernetes" ? kubernetes : terraform;
    const spec = settingCheckOf(rule);
    if (spec) {
      const path = [...(spec.path ?? []), spec.attribute].join(".");
      for (const type of spec.types) add(index, type, path, rule);
    }
    for (const watch of CODE_RULE_WATCHES[rule.id] ?? []) {
      for (const type of watch.types) for (const path of watch.paths) add(index, type, path, rule);
    }
  }
  built = { terraform, kubernetes };
  return built;
}

/** Path segments without list indexes: `settings.0.ip_configuration.0.ssl_mode` -> settings.ip_configuration.ssl_mode. */
export function withoutIndexes(path: string): string {
  return path
    .split(".")
    .filter((segment) => !/^\d+$/.test(segment))
    .join(".");
}

/** Most severe setting watched at `path`, above it (the whole block changed) or below it. */
function lookup(index: Index, type: string, path: string): SecuritySetting | undefined {
  const byPath = index.get(type);
  if (!byPath) return undefined;
  let found: SecuritySetting | undefined;
  for (const [watched, setting] of byPath) {
    // "" is the whole resource or container: every setting in it changed.
    const related =
      path === "" || watched === path || watched.startsWith(`${path}.`) || path.startsWith(`${watched}.`);
    if (related && (!found || severityRank(setting.severity) < severityRank(found.severity))) found = setting;
  }
  return found;
}

/** Where a workload kind keeps its pod spec. */
const POD_SPEC_PREFIX: Readonly<Record<string, string>> = {
  Pod: "spec",
  PodTemplate: "template.spec",
  Deployment: "spec.template.spec",
  StatefulSet: "spec.template.spec",
  DaemonSet: "spec.template.spec",
  ReplicaSet: "spec.template.spec",
  ReplicationController: "spec.template.spec",
  Job: "spec.template.spec",
  CronJob: "spec.jobTemplate.spec.template.spec",
};
const CONTAINER_LISTS = ["containers", "initContainers", "ephemeralContainers"];

function most(...settings: (SecuritySetting | undefined)[]): SecuritySetting | undefined {
  return settings.reduce<SecuritySetting | undefined>(
    (best, setting) =>
      setting && (!best || severityRank(setting.severity) < severityRank(best.severity)) ? setting : best,
    undefined,
  );
}

/**
 * The security rules that check this attribute of this resource type, and the most severe one's
 * severity; undefined when no rule does. `type` is a Terraform type or a Kubernetes
 * `apps/v1/Deployment`; `path` may hold list indexes.
 */
export function securitySetting(kind: StateKind, type: string, path: string): SecuritySetting | undefined {
  const index = securityIndex()[kind];
  const bare = withoutIndexes(path);
  if (kind === "terraform") return lookup(index, type, bare);
  const k8sKind = type.slice(type.lastIndexOf("/") + 1);
  const candidates = [lookup(index, k8sKind, bare), lookup(index, "*", bare)];
  const podSpec = POD_SPEC_PREFIX[k8sKind];
  if (podSpec && bare === "") {
    // the whole workload: everything its pods and containers set
    candidates.push(
      lookup(index, "pod", ""),
      lookup(index, "container", ""),
      lookup(index, "pod-metadata", ""),
    );
  }
  if (podSpec && (bare === podSpec || bare.startsWith(`${podSpec}.`))) {
    const inPod = bare.slice(podSpec.length + 1);
    candidates.push(lookup(index, "pod", inPod));
    const list = CONTAINER_LISTS.find((name) => inPod === name || inPod.startsWith(`${name}.`));
    if (list) candidates.push(lookup(index, "container", inPod.slice(list.length + 1)));
  }
  const podMetadata = podSpec?.replace(/spec$/, "metadata");
  if (podMetadata && bare.startsWith(`${podMetadata}.`)) {
    candidates.push(lookup(index, "pod-metadata", bare.slice(podMetadata.length + 1)));
  }
  return most(...candidates);
}

/** Resource types some security rule checks (their appearance or removal matters more). */
export function isSecurityType(kind: StateKind, type: string): boolean {
  const index = securityIndex()[kind];
  if (kind === "terraform") return index.has(type);
  const k8sKind = type.slice(type.lastIndexOf("/") + 1);
  return (
    index.has(k8sKind) ||
    (POD_SPEC_PREFIX[k8sKind] !== undefined && (index.has("pod") || index.has("container")))
  );
}
