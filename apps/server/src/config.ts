// Configuration is read once at start from the environment and validated here; nothing else
// reads process.env.
import path from "node:path";
import { createNetworkPolicy } from "@rampart/checkout";
import { z } from "zod";
import { parseWitnessEntries, type WitnessConfig } from "./evidence/anchor-config.ts";
import { signingKeySource } from "./evidence/signing-key.ts";
import { parseSecretsKey } from "./secrets/secret-box.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** Where and how much the server may fetch for scans, and how often; read by services.ts too. */
const RepositoryPolicyConfig = z.object({
  /**
   * Protocols the server may fetch git repositories over, comma-separated: https and ssh by
   * default; add http or git only on a trusted network.
   */
  GIT_PROTOCOLS: z
    .string()
    .default("https,ssh")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(["https", "ssh", "http", "git"])).min(1)),
  /**
   * Internal git servers a self-hosted install may fetch from, comma-separated host names,
   * addresses or CIDRs (`git.corp,10.20.0.0/16`). Every other loopback, private, link-local,
   * CGNAT, multicast or unspecified address is refused.
   */
  GIT_ALLOWED_INTERNAL_HOSTS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isHostOrNetwork), "expected host names, addresses or CIDRs"),
  /** Limits of one checkout: wall time, bytes fetched or checked out, and files. */
  CHECKOUT_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  CHECKOUT_MAX_MEGABYTES: z.coerce.number().int().min(1).max(100_000).default(500),
  CHECKOUT_MAX_FILES: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  /** The shortest interval a repository's scan schedule may have. */
  SCAN_SCHEDULE_MIN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Repositories a tenant may register (archived ones do not count). */
  MAX_REPOSITORIES_PER_TENANT: z.coerce.number().int().min(1).default(100),
  /**
   * The 32-byte key (base64 or hex) that seals repository access tokens; without it one is
   * generated into DATA_DIR/secrets.key (mode 0600). Set it when several servers share a database.
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || isSecretsKey(value), "expected 32 bytes, base64 or hex"),
});

export const DEFAULT_GITHUB_URL = "https://api.github.com";

/**
 * The GitHub App (README, "GitHub App"): its credentials from the environment, or none when it was
 * created from Rampart through GitHub's manifest flow (they are stored sealed in the database then).
 */
export const GitHubConfig = z.object({
  /** The REST API of GitHub (`https://api.github.com`) or of GitHub Enterprise Server (`https://ghe.example.com/api/v3`). */
  GITHUB_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL")
    .transform((value) => value.replace(/\/+$/, ""))
    .default(DEFAULT_GITHUB_URL),
  GITHUB_APP_ID: z.coerce.number().int().positive().optional(),
  /** The App's private key, PEM (PKCS#1 as GitHub hands it out, or PKCS#8); `\\n` stands for a line break. */
  GITHUB_APP_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replaceAll("\\n", "\n").trim())
    .refine((value) => /^-----BEGIN (RSA )?PRIVATE KEY-----/.test(value), "expected a PEM private key")
    .optional(),
  GITHUB_WEBHOOK_SECRET: z.string().min(16, "at least 16 characters").optional(),
  /** The App's OAuth client, to check that the user who installs it may see the installation. */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * E-mail addresses (comma-separated) of the people who may create this instance's GitHub App
   * from Rampart; without any, only the environment variables configure it.
   */
  INSTANCE_ADMINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    ),
});

/** The App's environment variables come together or not at all. */
function gitHubConfigProblem(config: z.infer<typeof GitHubConfig>): string | undefined {
  const app = [config.GITHUB_APP_ID, config.GITHUB_APP_PRIVATE_KEY, config.GITHUB_WEBHOOK_SECRET];
  if (app.some((value) => value !== undefined) && app.some((value) => value === undefined))
    return "GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY and GITHUB_WEBHOOK_SECRET: set all three or none";
  if ((config.GITHUB_CLIENT_ID === undefined) !== (config.GITHUB_CLIENT_SECRET === undefined))
    return "GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET: set both or neither";
  if (config.GITHUB_CLIENT_ID !== undefined && config.GITHUB_APP_ID === undefined)
    return "GITHUB_CLIENT_ID: needs GITHUB_APP_ID";
  return undefined;
}

/**
 * The AI advisor's language model: any OpenAI-compatible chat-completions endpoint. Without
 * AI_BASE_URL and AI_MODEL the built-in knowledge base answers.
 */
export const AdvisorConfig = z.object({
  /** e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (Ollama). */
  AI_BASE_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL")
    .optional(),
  /** Sent as `Authorization: Bearer …`; local servers may need none. */
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  /** Seconds a model request (and a stalled stream) may take before it is given up. */
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Retries of a failed model request (connection errors, 408, 409, 429, 5xx), with back-off. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Advisor questions per tenant per minute (model or knowledge base). */
  AI_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Language-model tokens per tenant per UTC day. */
  AI_TOKENS_PER_DAY: z.coerce.number().int().min(1).default(200_000),
});

/** The AI_BASE_URL and AI_MODEL come together or not at all. */
function advisorConfigProblem(config: z.infer<typeof AdvisorConfig>): string | undefined {
  if ((config.AI_BASE_URL === undefined) !== (config.AI_MODEL === undefined))
    return "AI_BASE_URL and AI_MODEL: set both or neither";
  if (config.AI_API_KEY !== undefined && config.AI_BASE_URL === undefined)
    return "AI_API_KEY: needs AI_BASE_URL";
  return undefined;
}

/** The defaults, for callers (tests) that build services from a partial configuration. */
export function repositoryPolicyDefaults() {
  return RepositoryPolicyConfig.parse({});
}

const ConfigSchema = z.object({
  /**
   * The environment the settings drawer reports. `npm start` serves the built web app and is how
   * Rampart runs, so it is production unless said otherwise (`npm run dev` says development);
   * the server behaves the same under every value.
   */
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
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
  /**
   * A login of the application role (its user replaces DATABASE_APP_ROLE). The application's
   * queries then run in that role's own sessions, which cannot switch back to the owner; without
   * it, the owner's connections switch to the role with SET ROLE.
   */
  DATABASE_APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `pretty` (readable lines) or `json` (one object per line); unset: pretty on a terminal, else JSON. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /**
   * How many reverse proxies in front of Rampart may set `X-Forwarded-*`: `false` or `0` none,
   * `true` one, or a number of hops. Only that many addresses from the right of
   * `X-Forwarded-For` are believed, so a client cannot choose its own address for rate limits.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "must be true, false or a number of proxy hops")
    .default("false")
    .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value))),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Requests per minute per client address on login and register. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Sign-in attempts per e-mail address per 15 minutes, from any address; past it that e-mail is
   * refused (even with the right password) until its 15 minutes are over.
   */
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Run job workers inside the API process (default) or only in `npm run worker` processes. */
  RUN_WORKERS: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.default(true),
  /** Hours after its last use when a user's demo organization (and its ledger) is removed. */
  DEMO_IDLE_HOURS: z.coerce.number().int().min(1).max(87_600).default(168),
  /**
   * Days a closed organization keeps its ledger, checkpoints and evidence before the daily
   * retention job erases it (a signed deletion record stays in the instance log). About 7 years.
   */
  TENANT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(2555),
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
  /**
   * The ledger's signing key (Ed25519, PEM or base64). Set at most one of it,
   * LEDGER_SIGNING_KEY_FILE and LEDGER_KMS_KEY_ID; with none, a key file is generated once in
   * DATA_DIR/keys (0600).
   */
  LEDGER_SIGNING_KEY: z.string().min(1).optional(),
  /** A PEM Ed25519 private key file that only its owner may read (chmod 600). */
  LEDGER_SIGNING_KEY_FILE: z.string().min(1).optional(),
  /** An AWS KMS key (ECC_NIST_EDWARDS25519, SIGN_VERIFY) that signs the ledger; needs AWS_REGION. */
  LEDGER_KMS_KEY_ID: z.string().min(1).optional(),
  /** A local or KMS-compatible endpoint instead of AWS's. */
  LEDGER_KMS_ENDPOINT: z.string().url().optional(),
  AWS_REGION: z.string().min(1).optional(),
  /** Names this instance in signed checkpoints, e.g. `rampart.example.com`. */
  LEDGER_ORIGIN: z.string().min(1).default("rampart.local"),
  /**
   * Witnesses that cosign each tenant's checkpoints (C2SP tlog-witness): entries separated by
   * newlines or commas, each `<https URL> <verifier key>`. The server fetches only these URLs.
   */
  LEDGER_WITNESSES: z
    .string()
    .default("")
    .transform((value, context): WitnessConfig[] => {
      const parsed = parseWitnessEntries(value);
      if (parsed.ok) return parsed.witnesses;
      context.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }),
  /** An RFC 3161 time-stamping authority that timestamps each checkpoint; needs TSA_ROOT_CERTS. */
  TSA_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL")
    .optional(),
  /** A PEM file of the root certificates the TSA's tokens must chain to. */
  TSA_ROOT_CERTS: z.string().min(1).optional(),
  SCAN_WAIT_SECONDS: z.coerce.number().min(0).max(120).default(25),
  /**
   * Where the daily `osv-import` job reads OSV advisories: an http(s) URL (e.g. an osv.dev
   * `all.zip`), or a zip, folder or JSON file on this machine. Unset: only the bundled demo set.
   */
  OSV_SOURCE: z.string().min(1).optional(),
  /** Outgoing mail (invitations, account notices): `smtp://user:pass@host:587` or `smtps://…`. */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Rampart <rampart@localhost>"),
  /** The address users reach this instance at, for links in mail, e.g. `https://rampart.example.com`. */
  PUBLIC_URL: z.string().url().optional(),
  ...RepositoryPolicyConfig.shape,
  ...GitHubConfig.shape,
  /** Largest image upload, in MiB. */
  IMAGE_MAX_UPLOAD_MB: z.coerce.number().int().min(1).default(1024),
  /** Decompressed data one image may expand to (upload check and scan), in MiB. */
  IMAGE_MAX_EXPANDED_MB: z.coerce.number().int().min(1).default(8192),
  /** Decompressed bytes per compressed byte any one stream of an image may reach (a gzip bomb is ~1000). */
  IMAGE_MAX_EXPANSION_RATIO: z.coerce.number().int().min(2).default(200),
  /** Largest run upload from CI (POST /api/runs/upload, `rampart scan --upload`), in MiB; more answer 413. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(20),
  /** Run uploads per API token per minute; more answer 429. */
  UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Largest evidence upload (POST …/evidence-requests/{id}/submissions), in MiB; more answer 413. */
  EVIDENCE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(25),
  /** Evidence files go to this S3-compatible bucket when set; else under DATA_DIR/evidence. */
  EVIDENCE_S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The S3-compatible service's URL (MinIO, Ceph…); unset: AWS. */
  EVIDENCE_S3_ENDPOINT: z.string().url().optional(),
  EVIDENCE_S3_REGION: z.string().min(1).default("us-east-1"),
  /** Address the bucket in the path rather than the host name (most self-hosted services). */
  EVIDENCE_S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Scans (repository scans) one tenant may have queued or running; more answer 429. */
  TENANT_MAX_ACTIVE_SCANS: z.coerce.number().int().min(1).default(10),
  /** Image uploads one tenant may have waiting for (or in) their scan; more answer 429. */
  TENANT_MAX_PENDING_IMAGES: z.coerce.number().int().min(1).default(3),
  /** Images one tenant may keep; more answer 409. */
  TENANT_MAX_IMAGES: z.coerce.number().int().min(1).default(500),
  /** Repository scans and image scans each process runs at once (per kind). */
  SCAN_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  /** Of those, how many one tenant may hold at once over all processes: the rest serve other tenants. */
  SCAN_WORKERS_PER_TENANT: z.coerce.number().int().min(1).default(1),
  /**
   * Memory, in MiB, the repository scans of one process may hold at once, by their estimates; a
   * scan that does not fit stays queued until one ends (one scan always may run). Unset: half the
   * container's memory limit, or of the machine's memory without one.
   */
  SCAN_MEMORY_BUDGET_MB: z.coerce.number().int().min(1).max(16_777_216).optional(),
  ...AdvisorConfig.shape,
});

function isHostOrNetwork(entry: string): boolean {
  try {
    createNetworkPolicy({ allowInternal: [entry] });
    return true;
  } catch {
    return false;
  }
}

function isSecretsKey(value: string): boolean {
  try {
    parseSecretsKey(value);
    return true;
  } catch {
    return false;
  }
}

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`invalid configuration: ${problems}`);
  }
  const gitHubProblem = gitHubConfigProblem(parsed.data);
  if (gitHubProblem) throw new Error(`invalid configuration: ${gitHubProblem}`);
  const advisorProblem = advisorConfigProblem(parsed.data);
  if (advisorProblem) throw new Error(`invalid configuration: ${advisorProblem}`);
  if (parsed.data.TSA_URL && !parsed.data.TSA_ROOT_CERTS)
    throw new Error("invalid configuration: TSA_URL: needs TSA_ROOT_CERTS (to verify its tokens)");
  const keySource = signingKeySource(parsed.data);
  if (!keySource.ok) throw new Error(`invalid configuration: ${keySource.error}`);
  if (parsed.data.DATABASE_APP_URL && !parsed.data.DATABASE_URL)
    throw new Error("invalid configuration: DATABASE_APP_URL: needs DATABASE_URL (the owner's login)");
  return parsed.data;
}

export function databaseTarget(config: Config) {
  return config.DATABASE_URL
    ? ({
        kind: "postgres",
        url: config.DATABASE_URL,
        applicationRole: config.DATABASE_APP_ROLE,
        ...(config.DATABASE_APP_URL ? { applicationUrl: config.DATABASE_APP_URL } : {}),
      } as const)
    : ({ kind: "pglite", dataDir: config.DATA_DIR, applicationRole: config.DATABASE_APP_ROLE } as const);
}
