// Credentials inside connection strings and URLs: the password sits between `user:` and `@host`.
import { placeholderReason } from "../allowlist.ts";
import { prefixed } from "./build.ts";
import type { SecretPattern } from "./types.ts";

/** Hosts where a credential is a local-development default, not a deployed secret. */
const NOT_LOCAL =
  "(?!(?:localhost|127\\.0\\.0\\.1|0\\.0\\.0\\.0|\\[::1\\]|(?:[\\w-]{1,63}\\.)*example\\.(?:com|org|net))(?![\\w.-]))";

/** `scheme://user:PASSWORD@host`; the user part may be empty (`redis://:pw@host`). */
function connectionString(schemes: string): string {
  return `(?<![A-Za-z0-9+.-])(?:${schemes})://[^\\s:@/"'<>]{0,100}:([^\\s@/"'<>]{3,300})@${NOT_LOCAL}[\\w\\[]`;
}

function database(
  id: string,
  provider: string,
  schemes: string,
  keywords: string[],
  sample: string,
  rotate: string,
): SecretPattern {
  return prefixed({
    id: `secrets/${id}`,
    fallback: true,
    provider,
    credential: "connection string with a password",
    severity: "critical",
    confidence: "medium",
    keywords,
    pattern: connectionString(schemes),
    flags: "i",
    rotate,
    note: "Credentials for `localhost` and `example.com` hosts are local-development defaults and are not reported.",
    samples: {
      flag: [`DATABASE_URL=${sample.replace("PASS", "{alnum:16}")}`],
      ok: [
        `DATABASE_URL=${sample.replace("PASS", "{env:DB_PASSWORD}")}`,
        `DATABASE_URL=${sample.replace("PASS", "{alnum:16}").replace(/@[^:/]+/, "@localhost")}`,
        `DATABASE_URL=${sample.replace("PASS", "password")}`,
      ],
    },
  });
}

export const databasePatterns: SecretPattern[] = [
  prefixed({
    id: "secrets/http-bearer-token-header",
    fallback: true,
    provider: "HTTP",
    credential: "bearer token in an Authorization header",
    confidence: "medium",
    keywords: ["authorization"],
    pattern:
      "Authorization[\"']?[ \\t]{0,4}[:=,][ \\t]{0,4}[\"']?(?:Bearer|Token|Api-Token|Api-Key)[ \\t]{1,4}(?!eyJ)([A-Za-z0-9._~+/-]{20,500}={0,2})(?![A-Za-z0-9._~+/=-])",
    flags: "i",
    minEntropy: 3.5,
    rotate: "https://datatracker.ietf.org/doc/html/rfc6750#section-5.3",
    note: "JWTs and provider tokens in the header are reported by their own rules instead.",
    samples: {
      flag: [
        'curl -H "Authorization: Bearer {b64url:40}" https://api.acme.io/v1/orders',
        // Dynatrace and others name the scheme after the credential.
        'curl -H "Authorization: Api-Token {alnum:40}" https://acme.live.dynatrace.com/api/v2/entities',
      ],
      ok: [
        'curl -H "Authorization: Bearer $API_TOKEN" https://api.acme.io/v1/orders',
        'curl -H "Authorization: Bearer {env:API_TOKEN}" https://api.acme.io/v1/orders',
        'curl -H "Authorization: Bearer ghp_{alnum:36}" https://api.github.com/user',
      ],
    },
  }),
  prefixed({
    id: "secrets/http-basic-auth-header",
    fallback: true,
    provider: "HTTP",
    credential: "Basic credentials in an Authorization header",
    confidence: "medium",
    keywords: ["authorization"],
    pattern:
      "Authorization[\"']?[ \\t]{0,4}[:=,][ \\t]{0,4}[\"']?Basic[ \\t]{1,4}([A-Za-z0-9+/]{8,400}={0,2})(?![A-Za-z0-9+/=])",
    flags: "i",
    validate: (value) => {
      const decoded = Buffer.from(value, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      const password = decoded.slice(colon + 1);
      return (
        colon > 0 &&
        password.length >= 6 &&
        [...decoded].every((char) => char.charCodeAt(0) >= 32) &&
        placeholderReason(password) === undefined
      );
    },
    rotate: "https://datatracker.ietf.org/doc/html/rfc7617",
    note: "The value is decoded; `user:password`-style documentation values are not reported.",
    samples: {
      flag: ['curl -H "Authorization: Basic {basicauth}" https://nexus.acme.io/service/rest/v1/status'],
      ok: ['curl -H "Authorization: Basic dXNlcjpwYXNzd29yZA==" https://nexus.acme.io/'],
    },
  }),
  database(
    "postgres-connection-string",
    "PostgreSQL",
    "postgres(?:ql)?|postgis|cockroachdb",
    ["postgres", "postgis", "cockroachdb"],
    "postgres://app:PASS@db.internal:5432/app",
    "https://www.postgresql.org/docs/current/sql-alterrole.html",
  ),
  database(
    "mysql-connection-string",
    "MySQL / MariaDB",
    "mysql(?:x|2)?|mariadb",
    ["mysql", "mariadb"],
    "mysql://app:PASS@db.internal:3306/app",
    "https://dev.mysql.com/doc/refman/8.0/en/alter-user.html",
  ),
  database(
    "mongodb-connection-string",
    "MongoDB",
    "mongodb(?:\\+srv)?",
    ["mongodb"],
    "mongodb+srv://app:PASS@cluster0.ab1cd.mongodb.net/app",
    "https://www.mongodb.com/docs/atlas/security-add-mongodb-users/",
  ),
  database(
    "redis-connection-string",
    "Redis",
    "rediss?",
    ["redis"],
    "redis://default:PASS@cache.internal:6379/0",
    "https://redis.io/docs/latest/operate/oss_and_stack/management/security/acl/",
  ),
  database(
    "amqp-connection-string",
    "AMQP (RabbitMQ)",
    "amqps?",
    ["amqp"],
    "amqp://app:PASS@mq.internal:5672/vhost",
    "https://www.rabbitmq.com/docs/passwords",
  ),
  database(
    "mssql-connection-string",
    "SQL Server",
    "mssql|sqlserver",
    ["mssql", "sqlserver"],
    "mssql://sa:PASS@sql.internal:1433/app",
    "https://learn.microsoft.com/sql/t-sql/statements/alter-login-transact-sql",
  ),
  database(
    "clickhouse-connection-string",
    "ClickHouse",
    "clickhouse",
    ["clickhouse"],
    "clickhouse://app:PASS@ch.internal:9000/default",
    "https://clickhouse.com/docs/en/sql-reference/statements/alter/user",
  ),
  database(
    "neo4j-connection-string",
    "Neo4j",
    "neo4j(?:\\+s|\\+ssc)?|bolt(?:\\+s)?",
    ["neo4j", "bolt"],
    "neo4j+s://neo4j:PASS@graph.internal:7687",
    "https://neo4j.com/docs/operations-manual/current/authentication-authorization/manage-users/",
  ),
  prefixed({
    id: "secrets/jdbc-connection-string-password",
    fallback: true,
    provider: "JDBC",
    credential: "connection string with a password",
    severity: "critical",
    confidence: "medium",
    keywords: ["jdbc:"],
    pattern: "jdbc:[a-z0-9]{2,20}:[^\\s\"'<>]{0,300}?[;&?]password=([^;&\\s\"'<>]{4,200})",
    flags: "i",
    rotate: "https://docs.oracle.com/javase/tutorial/jdbc/basics/connecting.html",
    samples: {
      flag: [
        "spring.datasource.url=jdbc:sqlserver://db.internal:1433;databaseName=app;user=app;password={alnum:16}",
      ],
      ok: [
        "spring.datasource.url=jdbc:postgresql://db.internal:5432/app?user=app&password={env:DB_PASSWORD}",
      ],
    },
  }),
  prefixed({
    id: "secrets/url-basic-auth",
    fallback: true,
    provider: "HTTP / FTP / SMTP",
    credential: "password in a URL",
    confidence: "medium",
    keywords: ["://"],
    pattern: `(?<![A-Za-z0-9+.-])(?:https?|ftps?|sftp|smtps?|ldaps?|ssh|wss?)://[^\\s:@/"'<>]{1,100}:([^\\s:@/"'<>]{6,300})@${NOT_LOCAL}(?!(?:[\\w-]{1,63}\\.)?(?:github\\.com|gitlab\\.com|bitbucket\\.org|dev\\.azure\\.com|codeberg\\.org)(?![\\w-]))[\\w\\[]`,
    flags: "i",
    minEntropy: 2.5,
    rotate: "https://datatracker.ietf.org/doc/html/rfc3986#section-3.2.1",
    note: "Git hosts are covered by `secrets/git-credentials-url`; `localhost` and `example.com` are not reported.",
    samples: {
      flag: [
        "PROXY_URL=http://proxy-user:{alnum:16}@proxy.acme.internal:3128",
        "ARTIFACTS=https://ci:{alnum:20}@nexus.acme.io/repository/raw/",
      ],
      ok: [
        "REGISTRY=https://gitlab-ci-token:glpat-{b64url:20}@registry.acme.io/group/app",
        "PROXY_URL=http://proxy-user:{alnum:16}@localhost:3128",
        "see https://user:pass@host for the syntax",
        "ARTIFACTS=https://nexus.acme.io/repository/raw/",
      ],
    },
  }),
  prefixed({
    id: "secrets/cloudant-credentials",
    provider: "IBM Cloudant",
    credential: "password or legacy API key",
    severity: "critical",
    confidence: "medium",
    keywords: ["cloudant", "cl_", "cl-", "clou_", "clou-"],
    pattern:
      "https?://[\\w-]{1,100}:([a-f0-9]{64}|[a-z]{24})@[\\w-]{1,100}\\.cloudant\\.com(?![\\w-])" +
      "|(?:cloudant|(?<![A-Za-z0-9])cl(?:ou)?[_-])[_.-]?(?:api[_.-]?)?(?:key|pwd|pw|password|pass|token)[\\w.-]{0,8}?[\"']?[ \\t]{0,8}(?:=|:=|:|=>)[ \\t]{0,8}[\"'`]?([a-f0-9]{64}|[a-z]{24})(?![A-Za-z0-9])",
    flags: "i",
    minEntropy: 3,
    rotate: "https://cloud.ibm.com/docs/Cloudant?topic=Cloudant-managing-access-for-cloudant",
    note: "Cloudant account passwords are 64 hex characters and legacy API keys 24 lower-case letters, in a URL or assigned to a Cloudant name.",
    samples: {
      flag: [
        "COUCH_URL=https://acme-bluemix:{hex:64}@acme-bluemix.cloudant.com",
        "cloudant_password = {hex:64}",
        "cl_api_key: {lower:24}",
      ],
      ok: ["cloudant_password = {env:CLOUDANT_PASSWORD}", "COUCH_URL=https://acme-bluemix.cloudant.com"],
    },
  }),
];
