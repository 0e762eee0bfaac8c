// The composition root: every service built once from the database and configuration, and the
// job definitions they bring. The API and the worker both start from here.
import path from "node:path";
import { createNetworkPolicy, type Lookup } from "@rampart/checkout";
import type { Database } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import { ruleById } from "@rampart/engine";
import * as driftEngine from "@rampart/engine/drift/index";
import { eq } from "drizzle-orm";
import { createKnowledgeBaseAdvisor } from "./advisor/advisor.ts";
import { createChatAdvisor } from "./advisor/chat-advisor.ts";
import { createConversationsRepo } from "./advisor/conversations.repo.ts";
import { createFixValidation } from "./advisor/fix-validation.ts";
import { createModelAdvisor } from "./advisor/model-advisor.ts";
import { createModelCompletion } from "./advisor/model-completion.ts";
import { createNarrator } from "./advisor/narratives-model.ts";
import { createAdvisoryStore } from "./advisories/advisory-store.ts";
import { osvImportJob } from "./advisories/osv-import.job.ts";
import { createApiTokensRepo } from "./api-tokens/api-tokens.repo.ts";
import { createApiTokensService } from "./api-tokens/api-tokens.service.ts";
import { createAuditRepo } from "./audit/audit.repo.ts";
import { createAuditLogService } from "./audit/audit-log.service.ts";
import { createAuditPackageRepo } from "./audit-package/audit-package.repo.ts";
import { createAuditPackageService } from "./audit-package/audit-package.service.ts";
import { createAuditSamplesService } from "./audit-samples/audit-samples.service.ts";
import { purgeExpiredSessionsJob } from "./auth/auth.jobs.ts";
import { createAuthRepo } from "./auth/auth.repo.ts";
import { createAuthService } from "./auth/auth.service.ts";
import { createLocalCodeHost } from "./code-host/code-host.ts";
import { type Config, DEFAULT_GITHUB_URL, repositoryPolicyDefaults } from "./config.ts";
import { createImagesService, DEFAULT_IMAGE_QUOTAS } from "./containers/images.service.ts";
import { createCustomFrameworksService } from "./custom-frameworks/custom-frameworks.service.ts";
import { createDemoService } from "./demo/demo.service.ts";
import { createDemoCompliance } from "./demo/demo-compliance.ts";
import { createApplyConfig } from "./environments/apply-config.ts";
import { createDeclaredEvaluator } from "./environments/declared-state.ts";
import { createDemoEnvironments } from "./environments/demo-environments.ts";
import { createEnvironmentCredentials } from "./environments/environment-credentials.ts";
import { createEnvironmentSync } from "./environments/environment-sync.ts";
import { createEnvironmentsService } from "./environments/environments.service.ts";
import { DEFAULT_OBSERVED_LIMITS, readObserved } from "./environments/observed/index.ts";
import { createAnchorClients, readTsaRoots } from "./evidence/anchor-clients.ts";
import { createAttestationsService } from "./evidence/attestations.service.ts";
import { createEvidenceReportService } from "./evidence/evidence-report.ts";
import { createLedgerService } from "./evidence/ledger.service.ts";
import { signingKeySource } from "./evidence/signing-key.ts";
import { createEvidenceRecords } from "./evidence-requests/evidence-records.ts";
import { evidenceRemindersJob } from "./evidence-requests/evidence-reminders.job.ts";
import { createEvidenceRequestsService } from "./evidence-requests/evidence-requests.service.ts";
import { createEvidenceStatus } from "./evidence-requests/evidence-status.ts";
import { createFileEvidenceStore, type EvidenceStore } from "./evidence-store/evidence-store.ts";
import { createS3EvidenceStore } from "./evidence-store/s3-evidence-store.ts";
import { createWaiversService } from "./findings/waivers.service.ts";
import { createFixesRepo } from "./fixes/fixes.repo.ts";
import { createFixesService } from "./fixes/fixes.service.ts";
import { createGitHubApi } from "./github/github-api.ts";
import { createGitHubAppStore } from "./github/github-app.store.ts";
import { createGitHubHost, hostedAccess } from "./github/github-host.ts";
import { createInstallationsService } from "./github/installations.service.ts";
import { createScanConnections, installationOfTenant } from "./github/scan-connections.ts";
import { createSignedStates } from "./github/signed-state.ts";
import { purgeDeliveriesJob } from "./github/webhook-deliveries.ts";
import type { JobDefinition, JobSender } from "./jobs/job-queue.ts";
import { createMailer } from "./mail/mailer.ts";
import { createMembersRepo } from "./members/members.repo.ts";
import { createMembersService } from "./members/members.service.ts";
import { createPoliciesService } from "./policies/policies.service.ts";
import { createPolicyEvidenceSource } from "./policies/policy-evidence.ts";
import { createPostureRepo } from "./posture/posture.repo.ts";
import { createPostureService } from "./posture/posture.service.ts";
import { createLivePullRequests } from "./pr-bot/live-pull-requests.ts";
import { createPullRequestScansService } from "./pull-requests/pull-request-scans.service.ts";
import { createRepositoriesRepo } from "./repositories/repositories.repo.ts";
import { createRepositoriesService } from "./repositories/repositories.service.ts";
import { createRepositoryCredentials } from "./repositories/repository-credentials.ts";
import { createRepositoryEvidence } from "./repository-settings/repository-evidence.ts";
import { isPullRequestRun } from "./runs/run-triggers.ts";
import { createRunsRepo } from "./runs/runs.repo.ts";
import { createScanService } from "./runs/scan.service.ts";
import { createUploadService } from "./runs/upload.service.ts";
import { createScanMemoryBudget } from "./scan-memory/memory-budget.ts";
import { createSecretBox, dataDirectoryKey, parseSecretsKey } from "./secrets/secret-box.ts";
import { createEvidenceFileCleanup } from "./tenants/evidence-file-cleanup.ts";
import { createInstanceLog } from "./tenants/instance-log.ts";
import { createTenantAccess } from "./tenants/tenant-access.ts";
import { createTenantErasure } from "./tenants/tenant-erasure.ts";
import { createTenantRetention, DEFAULT_TENANT_RETENTION_DAYS } from "./tenants/tenant-retention.ts";
import { createTenantsRepo } from "./tenants/tenants.repo.ts";
import { createVexService } from "./vex/vex.service.ts";

export type ServicesConfig = Pick<
  Config,
  | "SESSION_TTL_DAYS"
  | "SAMPLES_DIR"
  | "DATA_DIR"
  | "LOCAL_REPOSITORY_ROOTS"
  | "SCAN_WAIT_SECONDS"
  | "LEDGER_ORIGIN"
  | "OSV_SOURCE"
> &
  Partial<
    Pick<
      Config,
      | "LEDGER_SIGNING_KEY"
      | "LEDGER_SIGNING_KEY_FILE"
      | "LEDGER_KMS_KEY_ID"
      | "LEDGER_KMS_ENDPOINT"
      | "AWS_REGION"
    >
  > & { ENGINE_WORKERS?: number } & Partial<
    Pick<
      Config,
      | "GIT_PROTOCOLS"
      | "GIT_ALLOWED_INTERNAL_HOSTS"
      | "CHECKOUT_TIMEOUT_SECONDS"
      | "CHECKOUT_MAX_MEGABYTES"
      | "CHECKOUT_MAX_FILES"
      | "SCAN_SCHEDULE_MIN_MINUTES"
      | "MAX_REPOSITORIES_PER_TENANT"
      | "SECRETS_KEY"
      | "SMTP_URL"
      | "MAIL_FROM"
      | "PUBLIC_URL"
      | "LOGIN_ATTEMPTS_PER_ACCOUNT"
      | "DEMO_IDLE_HOURS"
      | "TENANT_RETENTION_DAYS"
      | "IMAGE_MAX_UPLOAD_MB"
      | "IMAGE_MAX_EXPANDED_MB"
      | "IMAGE_MAX_EXPANSION_RATIO"
      | "TENANT_MAX_ACTIVE_SCANS"
      | "TENANT_MAX_PENDING_IMAGES"
      | "TENANT_MAX_IMAGES"
      | "SCAN_WORKERS"
      | "SCAN_WORKERS_PER_TENANT"
      | "SCAN_MEMORY_BUDGET_MB"
      | "GITHUB_URL"
      | "GITHUB_APP_ID"
      | "GITHUB_APP_PRIVATE_KEY"
      | "GITHUB_WEBHOOK_SECRET"
      | "GITHUB_CLIENT_ID"
      | "GITHUB_CLIENT_SECRET"
      | "INSTANCE_ADMINS"
      | "AI_BASE_URL"
      | "AI_API_KEY"
      | "AI_MODEL"
      | "AI_TIMEOUT_SECONDS"
      | "AI_MAX_RETRIES"
      | "AI_REQUESTS_PER_MINUTE"
      | "AI_TOKENS_PER_DAY"
      | "EVIDENCE_MAX_MB"
      | "EVIDENCE_S3_BUCKET"
      | "EVIDENCE_S3_ENDPOINT"
      | "EVIDENCE_S3_REGION"
      | "EVIDENCE_S3_FORCE_PATH_STYLE"
      | "LEDGER_WITNESSES"
      | "TSA_URL"
      | "TSA_ROOT_CERTS"
    >
  > & {
    /** Resolves git hosts; tests give names of their own. */
    lookup?: Lookup;
    /** The time evidence requests and compliance are judged at; tests move it across periods. */
    now?: () => Date;
    /** How long a scan waiting for memory stays queued between tries; tests shorten it. */
    scanMemoryRetrySeconds?: number;
  };

/**
 * `db` is the application's database (its role, row-level security); `maintenanceDb` the owner's
 * connection, a ledger maintainer, handed only to what must delete evidence: erasing a tenant
 * (on request or at the end of retention) and removing a demo organization.
 */
export function createServices(
  db: Database,
  config: ServicesConfig,
  jobs: JobSender,
  maintenanceDb: Database,
) {
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? "Rampart <rampart@localhost>",
    onError: (error) =>
      console.error(`mail delivery failed: ${error instanceof Error ? error.message : error}`),
  });
  const auth = createAuthService({
    repo: createAuthRepo(db),
    sessionTtlDays: config.SESSION_TTL_DAYS,
    mailer,
    publicUrl: config.PUBLIC_URL,
    loginAttemptsPerAccount: config.LOGIN_ATTEMPTS_PER_ACCOUNT,
  });
  const tenantsRepo = createTenantsRepo(db);
  const repositoriesRepo = createRepositoriesRepo(db);
  const sampleCacheDir = path.join(path.resolve(config.DATA_DIR), "samples");
  const fetching = { ...repositoryPolicyDefaults(), ...definedOnly(config) };
  const networkPolicy = createNetworkPolicy({
    protocols: fetching.GIT_PROTOCOLS,
    allowInternal: fetching.GIT_ALLOWED_INTERNAL_HOSTS,
    localRoots: config.LOCAL_REPOSITORY_ROOTS,
    ...(config.lookup ? { lookup: config.lookup } : {}),
  });
  const secretBox = createSecretBox(
    fetching.SECRETS_KEY ? parseSecretsKey(fetching.SECRETS_KEY) : dataDirectoryKey(config.DATA_DIR),
  );
  const credentials = createRepositoryCredentials(secretBox);
  const githubApps = createGitHubAppStore({ db, box: secretBox, environment: config });
  const githubApi = createGitHubApi({ apiUrl: config.GITHUB_URL ?? DEFAULT_GITHUB_URL });
  const github = createGitHubHost({ api: githubApi, store: githubApps });
  const fixRemotesDir = path.join(path.resolve(config.DATA_DIR), "fix-remotes");
  const codeHost = createLocalCodeHost({
    samplesDir: config.SAMPLES_DIR,
    sampleCacheDir,
    fixRemotesDir,
    policy: networkPolicy,
    limits: {
      timeoutMs: fetching.CHECKOUT_TIMEOUT_SECONDS * 1000,
      maxBytes: fetching.CHECKOUT_MAX_MEGABYTES * 1024 * 1024,
      maxFiles: fetching.CHECKOUT_MAX_FILES,
    },
    credentialOf: (repository) => credentials.open(repository),
    hostedAccess: (repository) => hostedAccess(db, github, repository),
    hostedCommitUrl: (repository, commitSha) => github.commitUrl(repository.location, commitSha),
  });
  const keySource = signingKeySource(config);
  if (!keySource.ok) throw new Error(`invalid configuration: ${keySource.error}`);
  const witnesses = config.LEDGER_WITNESSES ?? [];
  const ledger = createLedgerService({
    db,
    origin: config.LEDGER_ORIGIN,
    jobs,
    anchoring: {
      witnesses,
      clients: createAnchorClients({
        witnesses,
        ...(config.TSA_URL && config.TSA_ROOT_CERTS
          ? { tsa: { url: config.TSA_URL, roots: readTsaRoots(config.TSA_ROOT_CERTS) } }
          : {}),
      }),
    },
    keySource: keySource.source,
  });
  const advisories = createAdvisoryStore({ db });
  const fixes = createFixesService({ db, repo: createFixesRepo(db), codeHost, advisories, ledger, jobs });
  const scanConcurrency = {
    workers: config.SCAN_WORKERS ?? 2,
    perTenant: config.SCAN_WORKERS_PER_TENANT ?? 1,
  };
  const scans = createScanService({
    db,
    advisories,
    jobs,
    codeHost,
    ledger,
    ledgerOrigin: config.LEDGER_ORIGIN,
    repositoryEvidence: createRepositoryEvidence({ db, host: github }),
    onlineConnections: createScanConnections({
      installationOf: installationOfTenant(db),
      host: github,
      apiUrl: githubApi.apiUrl,
    }),
    ...(config.ENGINE_WORKERS !== undefined ? { engineWorkers: config.ENGINE_WORKERS } : {}),
    // A pull request's commit is not the branch's: fix pull requests are merged by branch runs only.
    afterRun: async (run) => {
      if (!isPullRequestRun(run.triggeredBy)) await fixes.afterRun(run);
      await pullRequests.afterScan(run);
    },
    afterFailed: (scan) => pullRequests.afterScan(scan),
    concurrency: scanConcurrency,
    ...(config.TENANT_MAX_ACTIVE_SCANS ? { maxActiveScansPerTenant: config.TENANT_MAX_ACTIVE_SCANS } : {}),
    ...(config.SCAN_MEMORY_BUDGET_MB
      ? { memoryBudget: createScanMemoryBudget(config.SCAN_MEMORY_BUDGET_MB * 1024 * 1024) }
      : {}),
    ...(config.scanMemoryRetrySeconds !== undefined
      ? { memoryRetrySeconds: config.scanMemoryRetrySeconds }
      : {}),
  });
  const pullRequests = createPullRequestScansService({
    db,
    jobs,
    scans,
    host: github,
    connectionOf: async (tenantId) =>
      (await db.select({ id: tenants.githubInstallationId }).from(tenants).where(eq(tenants.id, tenantId)))[0]
        ?.id ?? undefined,
    publicUrl: config.PUBLIC_URL,
  });
  const repositories = createRepositoriesService({
    repo: repositoriesRepo,
    scans,
    policy: networkPolicy,
    credentials,
    minScheduleMinutes: fetching.SCAN_SCHEDULE_MIN_MINUTES,
    maxRepositoriesPerTenant: fetching.MAX_REPOSITORIES_PER_TENANT,
  });
  const rules = ruleById();
  const waivers = createWaiversService({ db });
  const images = createImagesService({
    db,
    jobs,
    advisories,
    ledger,
    uploadDir: path.join(path.resolve(config.DATA_DIR), "image-uploads"),
    concurrency: scanConcurrency,
    ...(config.IMAGE_MAX_UPLOAD_MB ? { maxUploadBytes: config.IMAGE_MAX_UPLOAD_MB * 1024 * 1024 } : {}),
    expansionLimits: {
      ...(config.IMAGE_MAX_EXPANDED_MB ? { maxBytes: config.IMAGE_MAX_EXPANDED_MB * 1024 * 1024 } : {}),
      ...(config.IMAGE_MAX_EXPANSION_RATIO ? { maxRatio: config.IMAGE_MAX_EXPANSION_RATIO } : {}),
    },
    quotas: {
      pending: config.TENANT_MAX_PENDING_IMAGES ?? DEFAULT_IMAGE_QUOTAS.pending,
      stored: config.TENANT_MAX_IMAGES ?? DEFAULT_IMAGE_QUOTAS.stored,
    },
  });
  const environments = createEnvironmentModule({
    db,
    jobs,
    ledger,
    codeHost,
    secretBox,
    policy: networkPolicy,
    minScheduleMinutes: fetching.SCAN_SCHEDULE_MIN_MINUTES,
  });
  const evidenceStore = evidenceStoreOf(config);
  const evidenceRequests = createEvidenceRequestsService({
    db,
    store: evidenceStore,
    ledger,
    ...(config.now ? { now: config.now } : {}),
  });
  const policies = createPoliciesService({ db, ledger });
  const evidenceRecords = createEvidenceRecords({ db, ...(config.now ? { now: config.now } : {}) });
  const demo = createDemoService({
    db,
    maintenanceDb,
    repositories: repositoriesRepo,
    scans,
    images,
    environments: environments.demo,
    ledger,
    compliance: createDemoCompliance({
      db,
      policies,
      evidenceRequests,
      evidenceRecords,
      ...(config.now ? { now: config.now } : {}),
    }),
    jobs,
    samplesDir: config.SAMPLES_DIR,
    sampleCacheDir,
    fixRemotesDir,
    ...(config.DEMO_IDLE_HOURS !== undefined ? { idleHours: config.DEMO_IDLE_HOURS } : {}),
  });
  const advisorLog = (message: string, error: unknown) =>
    console.error(`${message}: ${error instanceof Error ? error.message : String(error)}`);
  const model = modelSettings(config);
  // The dashboard's narratives: the model when configured (its calls made once the chat advisor,
  // whose token budgets they share, exists), the templates otherwise.
  const narrator = createNarrator({
    ...(model
      ? {
          model: {
            model: model.model,
            complete: (tenantId: string, task: string, data: unknown) =>
              narrativeModel!.complete(tenantId, task, data),
          },
        }
      : {}),
    log: advisorLog,
  });
  const evidenceStatus = createEvidenceStatus({
    db,
    ensureRequests: evidenceRequests.ensureRequests,
    // Policy acknowledgements answer their evidence live, from the policies themselves.
    policyEvidence: createPolicyEvidenceSource(db),
  });
  const posture = createPostureService({
    repo: createPostureRepo(db),
    evidence: evidenceStatus,
    ...(config.now ? { now: config.now } : {}),
    environments: (tenantId) => environments.service.list(tenantId),
    narrator,
    ledger,
    rules,
    activeScans: scans.activeCount,
    prSuggestions: fixes.list,
    prActivity: fixes.activity,
    fixPullRequests: fixes.pullRequestsFixing,
    containerFindings: images.findings,
    containerImages: images.list,
  });
  const auditRepo = createAuditRepo(db);
  const instanceLog = createInstanceLog({
    db,
    signer: ledger.signer,
    verificationKeys: ledger.verificationKeys,
  });
  const evidenceFiles = createEvidenceFileCleanup({
    maintenanceDb,
    store: evidenceStore,
    log: consoleWarnings,
    ...(config.now ? { now: config.now } : {}),
  });
  const tenantErasure = createTenantErasure({
    maintenanceDb,
    instanceLog,
    evidenceFiles,
    ...(config.now ? { now: config.now } : {}),
  });
  const tenantRetention = createTenantRetention({
    maintenanceDb,
    erasure: tenantErasure,
    evidenceFiles,
    retentionDays: config.TENANT_RETENTION_DAYS ?? DEFAULT_TENANT_RETENTION_DAYS,
    log: consoleWarnings,
    ...(config.now ? { now: config.now } : {}),
  });
  const installations = createInstallationsService({
    db,
    repositories: repositoriesRepo,
    host: github,
    scans,
    jobs,
    maxRepositoriesPerTenant: fetching.MAX_REPOSITORIES_PER_TENANT,
  });

  const chatAdvisor = createChatAdvisor({
    db,
    rules,
    posture,
    environments: environments.service,
    model,
    budgets: {
      requestsPerMinute: config.AI_REQUESTS_PER_MINUTE ?? 20,
      tokensPerDay: config.AI_TOKENS_PER_DAY ?? 200_000,
    },
    log: advisorLog,
  });
  const narrativeModel = model
    ? createModelCompletion({ settings: model, budgets: chatAdvisor.budgets, log: advisorLog })
    : undefined;
  const knowledgeBaseAdvisor = createKnowledgeBaseAdvisor(rules);
  // Explanations and fixes share the chat's model and the tenant's token budget.
  const advisor = model
    ? createModelAdvisor({
        settings: model,
        rules,
        knowledgeBase: knowledgeBaseAdvisor,
        budgets: chatAdvisor.budgets,
        validation: createFixValidation({ db, codeHost, advisories }),
        log: advisorLog,
      })
    : knowledgeBaseAdvisor;

  return {
    db,
    config,
    auditRepo,
    auditLog: createAuditLogService({ repo: auditRepo }),
    auditSamples: createAuditSamplesService({ db }),
    policies,
    customFrameworks: createCustomFrameworksService({ db }),
    mailer,
    codeHost,
    github,
    githubApps,
    githubApi,
    githubStates: createSignedStates(secretBox, { ttlSeconds: GITHUB_STATE_TTL_SECONDS }),
    installations,
    pullRequests,
    livePullRequests: createLivePullRequests({ db, host: github, localOpenCount: fixes.activeCount }),
    ledger,
    narrator,
    auth,
    tenantsRepo,
    tenantAccess: createTenantAccess(tenantsRepo),
    repositoriesRepo,
    repositories,
    runsRepo: createRunsRepo(db),
    scans,
    images,
    advisories,
    osvImportJob: osvImportJob(advisories, config.OSV_SOURCE),
    waivers,
    vex: createVexService({ db, waivers }),
    posture,
    evidenceStore,
    evidenceRequests,
    evidenceRecords,
    evidenceRemindersJob: evidenceRemindersJob({
      db,
      evidenceRequests,
      mailer,
      publicUrl: config.PUBLIC_URL,
      ...(config.now ? { now: config.now } : {}),
    }),
    evidenceMaxUploadBytes: (config.EVIDENCE_MAX_MB ?? 25) * 1024 * 1024,
    fixes,
    attestations: createAttestationsService({ db, ledger, posture }),
    evidenceReports: createEvidenceReportService({ db, ledger, posture, postureRepo: createPostureRepo(db) }),
    auditPackages: createAuditPackageService({
      db,
      repo: createAuditPackageRepo(db),
      ledger,
      // The package names its scope in dates; the compliance view reads them as the API sends them.
      compliance: (tenantId, frameworkId, scope) =>
        posture.compliance(
          tenantId,
          frameworkId,
          scope && {
            view: scope.view,
            at: scope.at?.toISOString(),
            from: scope.from?.toISOString(),
            to: scope.to?.toISOString(),
          },
        ),
      evidenceStore,
    }),
    advisor,
    chatAdvisor,
    conversations: createConversationsRepo(db),
    demo,
    environments: environments.service,
    environmentSync: environments.sync,
    applyConfig: environments.applyConfig,
    instanceLog,
    tenantErasure,
    tenantRetention,
    members: createMembersService({ repo: createMembersRepo(db), mailer, publicUrl: config.PUBLIC_URL }),
    apiTokens: createApiTokensService({ repo: createApiTokensRepo(db) }),
    uploads: createUploadService({
      repositories: repositoriesRepo,
      scans,
      maxRepositoriesPerTenant: fetching.MAX_REPOSITORIES_PER_TENANT,
    }),
  };
}

/** Environments: their service, their sync job and apply-config, on the engine's drift functions. */
function createEnvironmentModule(deps: {
  db: Database;
  jobs: JobSender;
  ledger: ReturnType<typeof createLedgerService>;
  codeHost: ReturnType<typeof createLocalCodeHost>;
  secretBox: ReturnType<typeof createSecretBox>;
  policy: ReturnType<typeof createNetworkPolicy>;
  minScheduleMinutes: number;
}) {
  const drift = driftEngine;
  const credentials = createEnvironmentCredentials(deps.secretBox);
  const declared = createDeclaredEvaluator({ db: deps.db, codeHost: deps.codeHost, drift });
  const sync = createEnvironmentSync({
    db: deps.db,
    jobs: deps.jobs,
    ledger: deps.ledger,
    credentials,
    readObserved,
    drift,
    declared,
    policy: deps.policy,
    observedLimits: DEFAULT_OBSERVED_LIMITS,
  });
  const service = createEnvironmentsService({
    db: deps.db,
    credentials,
    readObserved,
    drift,
    declared,
    policy: deps.policy,
    observedLimits: DEFAULT_OBSERVED_LIMITS,
    syncSchedule: sync.syncSchedule,
    scheduleProblem: (cron) => deps.jobs.scheduleProblem(cron),
    minScheduleMinutes: deps.minScheduleMinutes,
  });
  const applyConfig = createApplyConfig({
    db: deps.db,
    codeHost: deps.codeHost,
    declared,
    fixesRepo: createFixesRepo(deps.db),
    ledger: deps.ledger,
  });
  return { service, sync, applyConfig, demo: createDemoEnvironments({ db: deps.db, sync }) };
}

/** Evidence files in the configured S3-compatible bucket, or under the data directory. */
function evidenceStoreOf(config: ServicesConfig): EvidenceStore {
  if (config.EVIDENCE_S3_BUCKET) {
    return createS3EvidenceStore({
      bucket: config.EVIDENCE_S3_BUCKET,
      region: config.EVIDENCE_S3_REGION ?? "us-east-1",
      endpoint: config.EVIDENCE_S3_ENDPOINT,
      forcePathStyle: config.EVIDENCE_S3_FORCE_PATH_STYLE,
    });
  }
  return createFileEvidenceStore(path.join(path.resolve(config.DATA_DIR), "evidence"));
}

/** The OpenAI-compatible model of the advisor, when AI_BASE_URL and AI_MODEL are set. */
function modelSettings(config: ServicesConfig) {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return undefined;
  return {
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: (config.AI_TIMEOUT_SECONDS ?? 60) * 1000,
    maxRetries: config.AI_MAX_RETRIES ?? 2,
  };
}

/** Warnings of the services built without a logger still reach the operator. */
const consoleWarnings = {
  warn(details: { err?: unknown } & object, message: string) {
    const cause = details.err instanceof Error ? `: ${details.err.message}` : "";
    const { err: _err, ...rest } = details;
    console.warn(`${message}${cause} ${JSON.stringify(rest)}`);
  },
};

/** The entries of `config` that are set: an undefined one keeps its default. */
function definedOnly<T extends object>(config: T): Partial<T> {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** How long an installation or App-creation link stays good: the user may take a while on GitHub. */
const GITHUB_STATE_TTL_SECONDS = 3600;

export type Services = ReturnType<typeof createServices>;

export function jobDefinitions(services: Services): JobDefinition[] {
  return [
    purgeExpiredSessionsJob(services.auth),
    services.scans.scanJob,
    services.scans.scheduledScanJob,
    services.waivers.expiryJob,
    services.demo.seedJob,
    services.demo.removeIdleJob,
    services.ledger.verifyAllJob,
    services.ledger.verifyTenantJob,
    services.ledger.anchorJob,
    services.attestations.weeklyJob,
    services.fixes.reconcileJob,
    services.osvImportJob,
    services.images.scanJob,
    services.installations.syncJob,
    purgeDeliveriesJob(services.db),
    services.pullRequests.startJob,
    services.pullRequests.reportJob,
    services.environmentSync.syncJob,
    services.environmentSync.scheduledSyncJob,
    services.evidenceRemindersJob,
    services.tenantRetention.job,
  ];
}
