// Credentials inside connection strings and URLs: the password sits between `user:` and `@host`.
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
        "PROXY_URL=http://proxy-user:{alnum:16}@localhost:3128",
        "see https://user:pass@host for the syntax",
        "ARTIFACTS=https://nexus.acme.io/repository/raw/",
      ],
    },
  }),
];
