// The GitHub App's browser round trips. An instance admin creates the App through GitHub's
// manifest flow (GitHub sends the browser back with a code that converts into the App's id, key
// and secrets, stored sealed). A tenant admin installs it: Rampart hands out the installation page
// with a signed, expiring `state` bound to the user and tenant, and GitHub sends the browser back
// to the setup callback, which checks the state and that the installation is really the user's,
// links it to the tenant, registers its repositories and shows onboarding's last step.
import { ErrorBody } from "@rampart/contracts/common";
import {
  CreateGitHubAppBody,
  GitHubAppStatus,
  GitHubCallbackQuery,
  GitHubInstallLink,
  GitHubManifestForm,
  GitHubSetupQuery,
} from "@rampart/contracts/github";
import { TenantParams } from "@rampart/contracts/tenants";
import type { FastifyBaseLogger, onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, forbidden } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { appManifest } from "./app-manifest.ts";
import type { GitHubApi } from "./github-api.ts";
import type { GitHubAppCredentials, GitHubAppStore } from "./github-app.store.ts";
import type { InstallationsService } from "./installations.service.ts";
import type { SignedStates } from "./signed-state.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const NOT_CONFIGURED = "No GitHub App is configured on this server yet";
const STATE_PROBLEMS = {
  invalid: "This link did not come from Rampart, or was changed on the way: start again from onboarding",
  expired: "This link has expired: start again from onboarding",
  "another user": "This link was made for another user: sign in as that user, or start again",
} as const;

export function registerGitHubRoutes(
  app: App,
  deps: {
    store: GitHubAppStore;
    api: GitHubApi;
    states: SignedStates;
    installations: InstallationsService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
    publicUrl: string | undefined;
    /** Lower-cased e-mail addresses of the people who may create the App. */
    instanceAdmins: readonly string[];
  },
) {
  const guarded = { onRequest: deps.authenticate };
  const isInstanceAdmin = (email: string) => deps.instanceAdmins.includes(email.toLowerCase());

  async function requireApp(): Promise<GitHubAppCredentials> {
    const credentials = await deps.store.current();
    if (!credentials) throw new AppError("conflict", NOT_CONFIGURED);
    return credentials;
  }

  /** The App's page on GitHub: known for one created here, asked of GitHub for the environment's. */
  async function appPage(credentials: GitHubAppCredentials): Promise<string> {
    if (credentials.htmlUrl) return credentials.htmlUrl;
    const described = await deps.api.asApp(credentials).describe();
    return described.htmlUrl || `${deps.api.webUrl}/apps/${described.slug}`;
  }

  app.get(
    "/api/github/app",
    { ...guarded, schema: { tags: ["github"], response: { 200: GitHubAppStatus, 401: ErrorBody } } },
    async (request) => {
      const credentials = await deps.store.current();
      return {
        configured: credentials !== undefined,
        source: credentials?.source ?? null,
        htmlUrl: credentials?.htmlUrl ?? null,
        canCreate:
          credentials === undefined &&
          deps.publicUrl !== undefined &&
          isInstanceAdmin(currentUser(request).email),
      };
    },
  );

  app.post(
    "/api/github/app/manifest",
    {
      ...guarded,
      schema: {
        tags: ["github"],
        body: CreateGitHubAppBody,
        response: { 200: GitHubManifestForm, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!isInstanceAdmin(user.email))
        throw forbidden(
          "Only an administrator of this Rampart instance (INSTANCE_ADMINS) can create its GitHub App",
        );
      if (await deps.store.current()) throw new AppError("conflict", "This server has a GitHub App already");
      if (!deps.publicUrl)
        throw new AppError("conflict", "Set PUBLIC_URL first: GitHub sends webhooks and browsers to it");
      const state = deps.states.issue("create-app", { userId: user.id });
      const owner = request.body.organization
        ? `/organizations/${encodeURIComponent(request.body.organization)}`
        : "";
      return {
        action: `${deps.api.webUrl}${owner}/settings/apps/new?state=${encodeURIComponent(state)}`,
        manifest: JSON.stringify(
          appManifest({
            publicUrl: deps.publicUrl,
            ...(request.body.name ? { name: request.body.name } : {}),
            ...(request.body.public !== undefined ? { public: request.body.public } : {}),
          }),
        ),
      };
    },
  );

  app.get(
    "/api/github/app/manifest/callback",
    {
      ...guarded,
      schema: { tags: ["github"], querystring: GitHubCallbackQuery, response: errors },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const opened = deps.states.open("create-app", request.query.state, user.id);
      if (!opened.ok) throw new AppError("bad_request", STATE_PROBLEMS[opened.problem]);
      if (!isInstanceAdmin(user.email))
        throw forbidden(
          "Only an administrator of this Rampart instance (INSTANCE_ADMINS) can create its GitHub App",
        );
      if (await deps.store.current()) throw new AppError("conflict", "This server has a GitHub App already");
      let conversion: Awaited<ReturnType<GitHubApi["convertManifest"]>>;
      try {
        conversion = await deps.api.convertManifest(request.query.code);
      } catch (error) {
        request.log.warn({ err: error }, "GitHub App manifest conversion failed");
        throw new AppError(
          "bad_request",
          "GitHub did not accept this code (it is valid for one hour and one use): create the App again",
        );
      }
      if (!(await deps.store.saveConversion(conversion, user.id)))
        throw new AppError("conflict", "This server has a GitHub App already");
      return reply.redirect("/onboarding?github_app=created", 303);
    },
  );

  app.post(
    "/api/tenants/:tenantId/github/install-link",
    {
      ...guarded,
      schema: {
        tags: ["github"],
        params: TenantParams,
        response: { 200: GitHubInstallLink, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { tenant } = await deps.access.require(request.params.tenantId, user.id, "admin");
      if (tenant.isDemo) throw new AppError("conflict", "A demo organization cannot be connected to GitHub");
      const credentials = await requireApp();
      const state = deps.states.issue("install", { userId: user.id, tenantId: tenant.id });
      const page = await appPage(credentials);
      return { url: `${page}/installations/new?state=${encodeURIComponent(state)}` };
    },
  );

  app.get(
    "/api/github/setup",
    {
      ...guarded,
      schema: { tags: ["github"], querystring: GitHubSetupQuery, response: errors },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { query } = request;
      if (!query.state)
        throw new AppError(
          "bad_request",
          "This installation did not start from Rampart: open Onboarding and press 'Install on GitHub'",
        );
      const opened = deps.states.open("install", query.state, user.id);
      if (!opened.ok || !opened.claims.tenantId)
        throw new AppError("bad_request", STATE_PROBLEMS[opened.ok ? "invalid" : opened.problem]);
      const tenantId = opened.claims.tenantId;
      await deps.access.require(tenantId, user.id, "admin");
      const credentials = await requireApp();
      const installationId = query.installation_id;
      await verifyInstallation(credentials, installationId, query.code);
      await deps.installations.link(tenantId, String(installationId));
      await registerRepositories(tenantId, String(installationId), request.log);
      return reply.redirect(`/onboarding?installation_id=${installationId}&setup_action=install`, 303);
    },
  );

  /**
   * GitHub warns that the setup URL's installation id can be spoofed. With the App's OAuth client,
   * the user authorized the App while installing it: the installation must be among theirs. In
   * every case GitHub must know the installation as one of this App's.
   */
  async function verifyInstallation(
    credentials: GitHubAppCredentials,
    installationId: number,
    code?: string,
  ) {
    if (credentials.oauth) {
      if (!code)
        throw new AppError(
          "bad_request",
          "GitHub did not confirm who installed the App (no authorization code): install it again from onboarding",
        );
      const visible = await deps.api.installationsOfUser(credentials.oauth, code);
      if (!visible)
        throw new AppError("bad_request", "GitHub did not accept the authorization code: install it again");
      if (!visible.includes(installationId))
        throw forbidden("Your GitHub account cannot see this installation of the App");
    }
    const installation = await deps.api.asApp(credentials).installation(installationId);
    if (!installation) throw new AppError("not_found", "GitHub knows no such installation of this App");
  }

  /** Registers the installation's repositories now; if GitHub cannot be asked now, in a job. */
  async function registerRepositories(tenantId: string, installationId: string, log: FastifyBaseLogger) {
    try {
      await deps.installations.syncRepositories(tenantId, installationId);
    } catch (error) {
      log.warn({ err: error }, "listing the installation's repositories failed; retrying in a job");
      await deps.installations.syncLater(tenantId);
    }
  }
}
