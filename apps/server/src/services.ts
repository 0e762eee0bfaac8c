// The composition root: every service built once from the database and configuration, and the
// job definitions they bring. The API and the worker both start from here.
import path from "node:path";
import type { Database } from "@rampart/db/client";
import { ruleById } from "@rampart/engine";
import { createKnowledgeBaseAdvisor } from "./advisor/advisor.ts";
import { createAdvisoryStore } from "./advisories/advisory-store.ts";
import { osvImportJob } from "./advisories/osv-import.job.ts";
import { purgeExpiredSessionsJob } from "./auth/auth.jobs.ts";
import { createAuthRepo } from "./auth/auth.repo.ts";
import { createAuthService } from "./auth/auth.service.ts";
import { createLocalCodeHost } from "./code-host/code-host.ts";
import type { Config } from "./config.ts";
import { createImagesService } from "./containers/images.service.ts";
import { createDemoService } from "./demo/demo.service.ts";
import { createAttestationsService } from "./evidence/attestations.service.ts";
import { createEvidenceReportService } from "./evidence/evidence-report.ts";
import { createLedgerService } from "./evidence/ledger.service.ts";
import { createWaiversService } from "./findings/waivers.service.ts";
import { createFixesRepo } from "./fixes/fixes.repo.ts";
import { createFixesService } from "./fixes/fixes.service.ts";
import type { JobDefinition, JobSender } from "./jobs/job-queue.ts";
import { createMailer } from "./mail/mailer.ts";
import { createPostureRepo } from "./posture/posture.repo.ts";
import { createPostureService } from "./posture/posture.service.ts";
import { createRepositoriesRepo } from "./repositories/repositories.repo.ts";
import { createRunsRepo } from "./runs/runs.repo.ts";
import { createScanService } from "./runs/scan.service.ts";
import { createTenantAccess } from "./tenants/tenant-access.ts";
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
> & { LEDGER_SIGNING_KEY?: string | undefined } & { ENGINE_WORKERS?: number } & Partial<
    Pick<Config, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "DEMO_IDLE_HOURS">
  >;

export function createServices(db: Database, config: ServicesConfig, jobs: JobSender) {
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? "Rampart <rampart@localhost>",
    onError: (error) =>
      console.error(`mail delivery failed: ${error instanceof Error ? error.message : error}`),
  });
  const auth = createAuthService({ repo: createAuthRepo(db), sessionTtlDays: config.SESSION_TTL_DAYS });
  const tenantsRepo = createTenantsRepo(db);
  const repositoriesRepo = createRepositoriesRepo(db);
  const sampleCacheDir = path.join(path.resolve(config.DATA_DIR), "samples");
  const fixRemotesDir = path.join(path.resolve(config.DATA_DIR), "fix-remotes");
  const codeHost = createLocalCodeHost({ samplesDir: config.SAMPLES_DIR, sampleCacheDir, fixRemotesDir });
  const ledger = createLedgerService({
    db,
    origin: config.LEDGER_ORIGIN,
    ...(config.LEDGER_SIGNING_KEY ? { configuredKey: config.LEDGER_SIGNING_KEY } : {}),
  });
  const advisories = createAdvisoryStore({ db });
  const fixes = createFixesService({ db, repo: createFixesRepo(db), codeHost, ledger, jobs });
  const scans = createScanService({
    db,
    advisories,
    jobs,
    codeHost,
    ledger,
    ledgerOrigin: config.LEDGER_ORIGIN,
    ...(config.ENGINE_WORKERS !== undefined ? { engineWorkers: config.ENGINE_WORKERS } : {}),
    afterRun: fixes.afterRun,
  });
  const rules = ruleById();
  const waivers = createWaiversService({ db });
  const images = createImagesService({
    db,
    jobs,
    advisories,
    ledger,
    uploadDir: path.join(path.resolve(config.DATA_DIR), "image-uploads"),
  });
  const demo = createDemoService({
    db,
    repositories: repositoriesRepo,
    scans,
    images,
    ledger,
    jobs,
    samplesDir: config.SAMPLES_DIR,
    sampleCacheDir,
    fixRemotesDir,
    ...(config.DEMO_IDLE_HOURS !== undefined ? { idleHours: config.DEMO_IDLE_HOURS } : {}),
  });
  const posture = createPostureService({
    repo: createPostureRepo(db),
    ledger,
    rules,
    activeScans: scans.activeCount,
    prSuggestions: fixes.list,
    containerFindings: images.findings,
  });
  return {
    db,
    config,
    mailer,
    codeHost,
    ledger,
    auth,
    tenantsRepo,
    tenantAccess: createTenantAccess(tenantsRepo),
    repositoriesRepo,
    runsRepo: createRunsRepo(db),
    scans,
    images,
    advisories,
    osvImportJob: osvImportJob(advisories, config.OSV_SOURCE),
    waivers,
    vex: createVexService({ db, waivers }),
    posture,
    fixes,
    attestations: createAttestationsService({ db, ledger, posture }),
    evidenceReports: createEvidenceReportService({ db, ledger, posture, postureRepo: createPostureRepo(db) }),
    advisor: createKnowledgeBaseAdvisor(rules),
    demo,
  };
}

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
    services.attestations.weeklyJob,
    services.fixes.reconcileJob,
    services.osvImportJob,
    services.images.scanJob,
  ];
}
