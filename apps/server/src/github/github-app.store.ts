// The instance's GitHub App credentials: from the environment (GITHUB_APP_ID and its companions)
// or, when it was created from Rampart through the manifest flow, from the database, where the
// private key and the secrets are sealed with the secret box. The environment wins. Nothing here
// returns a secret to an API caller: routes see `GitHubAppSummary`.
import type { Database } from "@rampart/db/client";
import { isUniqueViolation } from "@rampart/db/errors";
import { githubApps } from "@rampart/db/schema";
import type { SecretBox } from "../secrets/secret-box.ts";

export interface GitHubAppCredentials {
  appId: number;
  privateKey: string;
  webhookSecret: string;
  /** The OAuth client of the App: present, the setup callback checks who installed it. */
  oauth?: { clientId: string; clientSecret: string };
  source: "environment" | "manifest";
  /** Known for an App created from Rampart; the environment's is asked of GitHub (GET /app). */
  slug?: string;
  htmlUrl?: string;
}

export interface GitHubAppEnvironment {
  GITHUB_APP_ID?: number | undefined;
  GITHUB_APP_PRIVATE_KEY?: string | undefined;
  GITHUB_WEBHOOK_SECRET?: string | undefined;
  GITHUB_CLIENT_ID?: string | undefined;
  GITHUB_CLIENT_SECRET?: string | undefined;
}

/** What `POST /app-manifests/{code}/conversions` answers, as far as Rampart keeps it. */
export interface ManifestConversion {
  id: number;
  slug: string;
  html_url: string;
  pem: string;
  webhook_secret: string;
  client_id?: string | null | undefined;
  client_secret?: string | null | undefined;
  owner?: { login?: string } | null | undefined;
}

const sealContext = (appId: number, what: string) => `github-app:${appId}:${what}`;

export function createGitHubAppStore(deps: {
  db: Database;
  box: SecretBox;
  environment: GitHubAppEnvironment;
}) {
  const { db, box, environment: env } = deps;

  function fromEnvironment(): GitHubAppCredentials | undefined {
    if (!env.GITHUB_APP_ID || !env.GITHUB_APP_PRIVATE_KEY || !env.GITHUB_WEBHOOK_SECRET) return undefined;
    return {
      appId: env.GITHUB_APP_ID,
      privateKey: env.GITHUB_APP_PRIVATE_KEY,
      webhookSecret: env.GITHUB_WEBHOOK_SECRET,
      ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? { oauth: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } }
        : {}),
      source: "environment",
    };
  }

  async function fromDatabase(): Promise<GitHubAppCredentials | undefined> {
    const [row] = await db.select().from(githubApps).limit(1);
    if (!row) return undefined;
    const privateKey = box.decrypt(row.sealedPrivateKey, sealContext(row.appId, "private-key"));
    const webhookSecret = box.decrypt(row.sealedWebhookSecret, sealContext(row.appId, "webhook-secret"));
    const clientSecret = row.sealedClientSecret
      ? box.decrypt(row.sealedClientSecret, sealContext(row.appId, "client-secret"))
      : undefined;
    // Sealed with another key (SECRETS_KEY changed): as good as not configured.
    if (privateKey === undefined || webhookSecret === undefined) return undefined;
    return {
      appId: row.appId,
      privateKey,
      webhookSecret,
      ...(row.clientId && clientSecret ? { oauth: { clientId: row.clientId, clientSecret } } : {}),
      source: "manifest",
      slug: row.slug,
      htmlUrl: row.htmlUrl,
    };
  }

  return {
    /** The App's credentials, or undefined when this instance has none yet. */
    current: async (): Promise<GitHubAppCredentials | undefined> =>
      fromEnvironment() ?? (await fromDatabase()),

    configuredInEnvironment: () => fromEnvironment() !== undefined,

    /** Keeps the App GitHub created from the manifest; false when one is kept already. */
    async saveConversion(conversion: ManifestConversion, createdBy: string): Promise<boolean> {
      const seal = (value: string, what: string) => box.encrypt(value, sealContext(conversion.id, what));
      try {
        await db.insert(githubApps).values({
          appId: conversion.id,
          slug: conversion.slug,
          htmlUrl: conversion.html_url,
          ownerLogin: conversion.owner?.login ?? null,
          clientId: conversion.client_id ?? null,
          sealedPrivateKey: seal(conversion.pem, "private-key"),
          sealedWebhookSecret: seal(conversion.webhook_secret, "webhook-secret"),
          sealedClientSecret: conversion.client_secret
            ? seal(conversion.client_secret, "client-secret")
            : null,
          createdBy,
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type GitHubAppStore = ReturnType<typeof createGitHubAppStore>;
