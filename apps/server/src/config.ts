// Configuration is read once at start from the environment and validated here; nothing else
// reads process.env.
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; without it Rampart runs on embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * The role the application's queries run as, under row-level security (created at start by the
   * DATABASE_URL user, who owns the tables and runs the migrations). Never a superuser or owner.
   */
  DATABASE_APP_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "lower-case letters, digits and underscores")
    .default("rampart_app"),
  DATA_DIR: z.string().default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Set when a reverse proxy terminates TLS, so the session cookie is marked Secure. */
  TRUST_PROXY: booleanFlag.default(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Requests per minute per client address on login and register. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Run job workers inside the API process (default) or only in `npm run worker` processes. */
  RUN_WORKERS: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, "../../web/dist")),
  SAMPLES_DIR: z.string().default(path.resolve(import.meta.dirname, "../../../samples")),
  /**
   * Absolute directories, separated by ':', under which tenants may register local paths as
   * repositories (self-hosted installs). Empty: only git URLs and the bundled samples.
   */
  LOCAL_REPOSITORY_ROOTS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(":")
        .filter(Boolean)
        .map((root) => path.resolve(root)),
    ),
  /** Seconds `POST /api/runs/trigger` waits for a scan before answering 202 with the scan id. */
  /** The ledger's signing key (Ed25519, PEM or base64); generated once and kept in the database when unset. */
  LEDGER_SIGNING_KEY: z.string().min(1).optional(),
  /** Names this instance in signed checkpoints, e.g. `rampart.example.com`. */
  LEDGER_ORIGIN: z.string().min(1).default("rampart.local"),
  SCAN_WAIT_SECONDS: z.coerce.number().min(0).max(120).default(25),
  /**
   * Where the daily `osv-import` job reads OSV advisories: an http(s) URL (e.g. an osv.dev
   * `all.zip`), or a zip, folder or JSON file on this machine. Unset: only the bundled demo set.
   */
  OSV_SOURCE: z.string().min(1).optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}

export function databaseTarget(config: Config) {
  return config.DATABASE_URL
    ? ({ kind: "postgres", url: config.DATABASE_URL, applicationRole: config.DATABASE_APP_ROLE } as const)
    : ({ kind: "pglite", dataDir: config.DATA_DIR, applicationRole: config.DATABASE_APP_ROLE } as const);
}
