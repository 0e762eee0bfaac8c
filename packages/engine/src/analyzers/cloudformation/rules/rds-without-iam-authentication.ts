import { childOf } from "../../../parse/yaml-tree.ts";
import { rdsWithoutIamAuthentication as terraformRule } from "../../terraform/rules/rds-without-iam-authentication.ts";
import { type CfnResource, stringValue } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

// Engines that accept IAM database authentication; an unknown engine cannot be told.
const IAM_AUTH_ENGINES = /^(?:mysql|postgres|mariadb|aurora|aurora-mysql|aurora-postgresql)$/i;

/** Read replicas and the instances of an Aurora cluster take the setting from their source or cluster. */
function inheritsSettings(resource: CfnResource): boolean {
  return (
    resource.type === "AWS::RDS::DBInstance" &&
    (childOf(resource.properties, "SourceDBInstanceIdentifier") !== undefined ||
      childOf(resource.properties, "DBClusterIdentifier") !== undefined)
  );
}

export const rdsWithoutIamAuthentication = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "A MySQL, MariaDB, PostgreSQL or Aurora `AWS::RDS::DBInstance`/`AWS::RDS::DBCluster` leaves `EnableIAMDatabaseAuthentication` unset or false, so only static database passwords work.",
      remediation:
        "Set `EnableIAMDatabaseAuthentication: true` and grant `rds-db:connect` to the roles that need it. Engines that do not support IAM authentication (Oracle, SQL Server), read replicas and the instances of a cluster are not flagged.",
      example:
        "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    Engine: postgres\n    EnableIAMDatabaseAuthentication: true",
    },
  }),
  {
    types: ["AWS::RDS::DBInstance", "AWS::RDS::DBCluster"],
    path: ["EnableIAMDatabaseAuthentication"],
    judge: is.boolean(true),
    whenMissing: "unsafe",
    problem: "accepts only database passwords (IAM authentication is off)",
    exempt: (model, resource) => {
      if (inheritsSettings(resource)) return true;
      const engine = stringValue(model, childOf(resource.properties, "Engine"));
      return engine === undefined || !IAM_AUTH_ENGINES.test(engine);
    },
  },
);
