// Builds the HTTP application: plugins, the error shape, every route, the OpenAPI document and
// the built web app on the same port.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { DatabaseHandle } from "@rampart/db/client";
import Fastify, { type FastifyBaseLogger } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { registerAdvisorRoutes } from "./advisor/advisor.routes.ts";
import { registerNarratorRoutes } from "./advisor/narrator.routes.ts";
import { registerApiTokenRoutes } from "./api-tokens/api-tokens.routes.ts";
import { registerAuditRoutes } from "./audit/audit.routes.ts";
import { auditedTenantAccess } from "./audit/audit-context.ts";
import { registerAuditRecorder } from "./audit/audit-recorder.ts";
import { registerAuditPackageRoutes } from "./audit-package/audit-package.routes.ts";
import { registerAuditSampleRoutes } from "./audit-samples/audit-samples.routes.ts";
import { registerAuthRoutes } from "./auth/auth.routes.ts";
import { createAuthenticateHook } from "./auth/authenticate.ts";
import type { Config } from "./config.ts";
import { registerContainerRoutes } from "./containers/containers.routes.ts";
import { registerCustomFrameworkRoutes } from "./custom-frameworks/custom-frameworks.routes.ts";
import { registerDemoRoutes } from "./demo/demo.routes.ts";
import { registerEnvironmentRoutes } from "./environments/environments.routes.ts";
import { AppError } from "./errors.ts";
import { registerAttestationRoutes } from "./evidence/attestations.routes.ts";
import { registerEvidenceRoutes } from "./evidence/evidence.routes.ts";
import { registerProvenanceDownloadRoute } from "./evidence/provenance-download.routes.ts";
import { registerEvidenceRequestRoutes } from "./evidence-requests/evidence-requests.routes.ts";
import { registerWaiverRoutes } from "./findings/waivers.routes.ts";
import { registerFixRoutes } from "./fixes/fixes.routes.ts";
import { registerGitHubRoutes } from "./github/github.routes.ts";
import { registerGitHubWebhookRoute } from "./github/webhooks.routes.ts";
import { registerContentSecurityPolicy } from "./http/content-security-policy.ts";
import { registerCrossSiteRequestCheck } from "./http/cross-site-requests.ts";
import { registerDatabaseScope } from "./http/database-scope.ts";
import { registerErrorHandler } from "./http/error-handler.ts";
import { registerNulCharacterCheck } from "./http/nul-characters.ts";
import { trustProxyHops } from "./http/trust-proxy.ts";
import type { App } from "./http/types.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import { registerMemberRoutes } from "./members/members.routes.ts";
import { registerPageNarrativeRoutes } from "./narratives/page-narratives.routes.ts";
import { registerPolicyRoutes } from "./policies/policies.routes.ts";
import { registerPostureRoutes } from "./posture/posture.routes.ts";
import { registerPrBotRoutes } from "./pr-bot/pr-bot.routes.ts";
import { registerRepositoryRoutes } from "./repositories/repositories.routes.ts";
import { registerRunRoutes } from "./runs/runs.routes.ts";
import { registerUploadRoute } from "./runs/upload.routes.ts";
import { registerSastRoutes } from "./sast/sast.routes.ts";
import { registerScaRoutes } from "./sca/sca.routes.ts";
import type { Services } from "./services.ts";
import { registerSystemRoutes } from "./system/system.routes.ts";
import { registerTenantRoutes } from "./tenants/tenants.routes.ts";
import { registerVexRoutes } from "./vex/vex.routes.ts";

export const VERSION = "0.1.0";

export type AppConfig = Pick<
  Config,
  "AUTH_RATE_LIMIT_PER_MINUTE" | "TRUST_PROXY" | "WEB_DIST_DIR" | "NODE_ENV"
> &
  Partial<Pick<Config, "PUBLIC_URL" | "UPLOAD_MAX_MB" | "UPLOADS_PER_MINUTE">>;

export async function buildApp(options: {
  config: AppConfig;
  services: Services;
  /** The queue, for the settings drawer's worker and job views; absent in API-only tests. */
  jobQueue?: JobQueue;
  /** Which database the services run on, as the settings drawer shows it. */
  database: DatabaseHandle["kind"];
  /** The process's logger (logger.ts), for request logs; none when absent (tests). */
  logger?: FastifyBaseLogger;
}): Promise<App> {
  const { config, services } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: trustProxyHops(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("sessionUser", null);
  app.decorateRequest("apiTokenCaller", null);
  registerErrorHandler(app);
  registerCrossSiteRequestCheck(app, { publicUrl: config.PUBLIC_URL });
  registerDatabaseScope(app);
  registerNulCharacterCheck(app);

  await app.register(fastifyHelmet, { contentSecurityPolicy: false });
  registerContentSecurityPolicy(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError("rate_limited", `Too many requests. Try again in ${context.after}.`),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Rampart API", version: VERSION, description: "Security and compliance control plane" },
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: "rampart_session",
            description: "Named `__Host-rampart_session` when served over HTTPS",
          },
          apiToken: {
            type: "http",
            scheme: "bearer",
            description:
              "An API token of one organization (`rmp_…`), created by an admin in System Settings; for CI uploads",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // Its policy would make browsers fetch the page's assets over HTTPS even on plain HTTP.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ""),
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, () => app.swagger());
  app.get("/api/health", { schema: { hide: true } }, () => ({ ok: true, version: VERSION }));

  const authenticate = createAuthenticateHook(services.auth);
  // Before every route: each audited request is recorded after its response (audit/).
  registerAuditRecorder(app, { auditLog: services.auditLog, authenticate });
  const access = auditedTenantAccess(services.tenantAccess);
  registerAuthRoutes(app, {
    auth: services.auth,
    authenticate,
    rateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  registerTenantRoutes(app, {
    repo: services.tenantsRepo,
    access,
    erasure: services.tenantErasure,
    authenticate,
  });
  registerMemberRoutes(app, {
    members: services.members,
    access,
    auth: services.auth,
    authenticate,
    rateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  registerDemoRoutes(app, { demo: services.demo, authenticate });
  registerAuditRoutes(app, { repo: services.auditRepo, access, authenticate });
  registerAuditSampleRoutes(app, { samples: services.auditSamples, access, authenticate });
  registerPolicyRoutes(app, { policies: services.policies, access, authenticate });
  registerCustomFrameworkRoutes(app, { frameworks: services.customFrameworks, access, authenticate });
  registerRepositoryRoutes(app, { repositories: services.repositories, access, authenticate });
  registerRunRoutes(app, {
    scans: services.scans,
    runs: services.runsRepo,
    repositories: services.repositoriesRepo,
    access,
    authenticate,
    scanWaitSeconds: services.config.SCAN_WAIT_SECONDS,
    ledger: services.ledger,
    fixes: services.fixes,
  });
  registerUploadRoute(app, {
    uploads: services.uploads,
    apiTokens: services.apiTokens,
    runs: services.runsRepo,
    publicUrl: config.PUBLIC_URL,
    maxMegabytes: config.UPLOAD_MAX_MB,
    perMinute: config.UPLOADS_PER_MINUTE,
  });
  registerApiTokenRoutes(app, { apiTokens: services.apiTokens, access, authenticate });
  registerPostureRoutes(app, {
    posture: services.posture,
    fixes: services.fixes,
    customFrameworks: services.customFrameworks,
    access,
    authenticate,
  });
  registerWaiverRoutes(app, { waivers: services.waivers, access, authenticate });
  registerAdvisorRoutes(app, { db: services.db, advisor: services.advisor, access, authenticate });
  registerNarratorRoutes(app, {
    advisor: services.chatAdvisor,
    conversations: services.conversations,
    access,
    authenticate,
  });
  registerEvidenceRoutes(app, {
    db: services.db,
    ledger: services.ledger,
    evidenceReports: services.evidenceReports,
    audit: services.auditRepo,
    access,
    authenticate,
  });
  registerEvidenceRequestRoutes(app, {
    evidenceRequests: services.evidenceRequests,
    records: services.evidenceRecords,
    access,
    authenticate,
    maxUploadBytes: services.evidenceMaxUploadBytes,
  });
  registerPageNarrativeRoutes(app, {
    db: services.db,
    narrator: services.narrator,
    runs: services.runsRepo,
    ledger: services.ledger,
    posture: services.posture,
    access,
    authenticate,
  });
  registerAttestationRoutes(app, { attestations: services.attestations, access, authenticate });
  registerAuditPackageRoutes(app, { auditPackages: services.auditPackages, access, authenticate });
  registerProvenanceDownloadRoute(app, { db: services.db, access, authenticate });
  registerScaRoutes(app, {
    db: services.db,
    posture: services.posture,
    fixes: services.fixes,
    access,
    authenticate,
  });
  registerVexRoutes(app, { vex: services.vex, access, authenticate });
  registerContainerRoutes(app, { images: services.images, access, authenticate });
  registerFixRoutes(app, { db: services.db, fixes: services.fixes, access, authenticate });
  registerEnvironmentRoutes(app, {
    environments: services.environments,
    sync: services.environmentSync,
    applyConfig: services.applyConfig,
    access,
    authenticate,
  });
  registerPrBotRoutes(app, { live: services.livePullRequests, access, authenticate });
  registerSastRoutes(app, { posture: services.posture, fixes: services.fixes, access, authenticate });
  registerGitHubRoutes(app, {
    store: services.githubApps,
    api: services.githubApi,
    states: services.githubStates,
    installations: services.installations,
    access,
    authenticate,
    publicUrl: services.config.PUBLIC_URL,
    instanceAdmins: services.config.INSTANCE_ADMINS ?? [],
  });
  registerGitHubWebhookRoute(app, {
    db: services.db,
    store: services.githubApps,
    installations: services.installations,
    repositories: services.repositoriesRepo,
    scans: services.scans,
    pullRequests: services.pullRequests,
    fixes: services.fixes,
  });
  registerSystemRoutes(app, {
    db: services.db,
    ledgerAlerts: services.ledger.alerts,
    queue: options.jobQueue,
    version: VERSION,
    environment: config.NODE_ENV,
    database: options.database,
    scanMemory: services.scans.memoryUsage,
    instanceAdmins: services.config.INSTANCE_ADMINS ?? [],
    authenticate,
  });

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}

/**
 * Serves the built single-page app when it exists. Unknown API paths answer a JSON 404; any other
 * GET gets index.html so the client router can show the page (or its own 404 page).
 */
async function registerWebApp(app: App, distDir: string) {
  const hasWebApp = existsSync(path.join(distDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  } else {
    app.log.warn({ distDir }, "web app not built: run `npm run build:web`; serving the API only");
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (hasWebApp && request.method === "GET" && !isApi)
      return reply.type("text/html").sendFile("index.html");
    return reply.status(404).send({ error: `No route ${request.method} ${pathname}`, code: "not_found" });
  });
}
