// GitHub's REST API through Octokit: as the App (a JWT signed with its private key), as one
// installation (a token minted for that one use and never stored), and as a user who just
// authorized the App during installation. Requests go to GITHUB_URL, which the operator chose,
// with a timeout; nothing a tenant types becomes a host here.
import { createAppAuth } from "@octokit/auth-app";
import { Octokit as OctokitCore } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import type { GitHubAppCredentials, ManifestConversion } from "./github-app.store.ts";
import { webUrlOf } from "./github-urls.ts";

const Octokit = OctokitCore.plugin(paginateRest);
export type GitHubClient = InstanceType<typeof Octokit>;

const REQUEST_TIMEOUT_MS = 30_000;

/** auth-app keeps installation tokens in memory by default; Rampart mints one per use instead. */
const NO_TOKEN_CACHE = { get: () => "", set: () => undefined };

/** The HTTP status of a failed Octokit request, or undefined for anything else. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

export interface InstallationDetails {
  id: number;
  account: { login: string; type: string } | null;
  suspendedAt: string | null;
}

export interface InstallationClient {
  octokit: GitHubClient;
  /** The short-lived token itself, for git over https. */
  token: string;
  expiresAt: Date;
}

export function createGitHubApi(options: { apiUrl: string; fetch?: typeof fetch }) {
  const baseFetch = options.fetch ?? fetch;
  const timedFetch: typeof fetch = (input, init) =>
    baseFetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const common = { baseUrl: options.apiUrl, userAgent: "rampart", request: { fetch: timedFetch } };
  const webUrl = webUrlOf(options.apiUrl);

  function asApp(credentials: Pick<GitHubAppCredentials, "appId" | "privateKey">) {
    const app = new Octokit({
      ...common,
      authStrategy: createAppAuth,
      auth: { appId: credentials.appId, privateKey: credentials.privateKey, cache: NO_TOKEN_CACHE },
    });
    return {
      /** GET /app: the App's own page and slug. */
      async describe(): Promise<{ slug: string; htmlUrl: string; ownerLogin: string | null }> {
        const { data } = await app.request("GET /app");
        const owner = data?.owner as { login?: string } | null | undefined;
        return { slug: data?.slug ?? "", htmlUrl: data?.html_url ?? "", ownerLogin: owner?.login ?? null };
      },

      /** The installation, or undefined when GitHub knows no such installation of this App. */
      async installation(installationId: number): Promise<InstallationDetails | undefined> {
        try {
          const { data } = await app.request("GET /app/installations/{installation_id}", {
            installation_id: installationId,
          });
          const account = data.account as { login?: string; slug?: string; type?: string } | null;
          return {
            id: data.id,
            account: account
              ? { login: account.login ?? account.slug ?? "", type: account.type ?? "Enterprise" }
              : null,
            suspendedAt: data.suspended_at ?? null,
          };
        } catch (error) {
          if (statusOf(error) === 404) return undefined;
          throw error;
        }
      },

      /** A client acting as the installation, with a token minted now for this one use. */
      async asInstallation(installationId: number): Promise<InstallationClient> {
        const { data } = await app.request("POST /app/installations/{installation_id}/access_tokens", {
          installation_id: installationId,
        });
        return {
          octokit: new Octokit({ ...common, auth: data.token }),
          token: data.token,
          expiresAt: new Date(data.expires_at),
        };
      },
    };
  }

  return {
    apiUrl: options.apiUrl,
    webUrl,
    asApp,

    /** POST /app-manifests/{code}/conversions: the App GitHub created from the manifest, with its secrets. */
    async convertManifest(code: string): Promise<ManifestConversion> {
      const { data } = await new Octokit(common).request("POST /app-manifests/{code}/conversions", { code });
      return data as unknown as ManifestConversion;
    },

    /**
     * The installations the user who authorized the App during installation can see: GitHub's
     * way to tell that an installation id in the setup callback is really theirs. Undefined when
     * the code is not good (used already, expired, another App's).
     */
    async installationsOfUser(
      oauth: NonNullable<GitHubAppCredentials["oauth"]>,
      code: string,
    ): Promise<number[] | undefined> {
      const response = await timedFetch(`${webUrl}/login/oauth/access_token`, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ client_id: oauth.clientId, client_secret: oauth.clientSecret, code }),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { access_token?: unknown };
      if (typeof body.access_token !== "string") return undefined;
      const user = new Octokit({ ...common, auth: body.access_token });
      const installations = await user.paginate("GET /user/installations", { per_page: 100 });
      return installations.map((installation) => installation.id);
    },
  };
}

export type GitHubApi = ReturnType<typeof createGitHubApi>;
