// POST /api/github/webhooks: every delivery of the GitHub App comes here. In order, and before
// anything is stored: the body is read raw (capped), its HMAC-SHA256 signature checked against the
// App's webhook secret, the JSON parsed, the installation's tenant found. Then the delivery id is
// taken (a replay is acknowledged and does nothing), and the event handled in the tenant's context;
// if handling fails the id is released, so GitHub's redelivery can try again.
import { ErrorBody } from "@rampart/contracts/common";
import { GitHubWebhookOutcome } from "@rampart/contracts/github";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { githubWebhookDeliveries, tenants } from "@rampart/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "../errors.ts";
import type { App } from "../http/types.ts";
import { GITHUB_ROUTES } from "./app-manifest.ts";
import type { GitHubAppStore } from "./github-app.store.ts";
import { isValidSignature } from "./webhook-signature.ts";
import { Envelope, WEBHOOK_EVENTS, type WebhookDependencies, type WebhookOutcome } from "./webhooks.ts";

/** GitHub caps payloads at 25 MB; the events Rampart reads are far smaller. */
export const WEBHOOK_MAX_BYTES = 5 * 1024 * 1024;

const DELIVERY_ID = /^[\w-]{1,100}$/;
const EVENT_NAME = /^[a-z_]{1,64}$/;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function registerGitHubWebhookRoute(
  app: App,
  deps: WebhookDependencies & { db: Database; store: GitHubAppStore; maxBytes?: number },
) {
  const maxBytes = deps.maxBytes ?? WEBHOOK_MAX_BYTES;

  // Encapsulated: only this route reads its body as raw bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: maxBytes }, (_request, body, done) =>
      done(null, body),
    );

    scope.post(
      GITHUB_ROUTES.webhook,
      {
        bodyLimit: maxBytes,
        // Deliveries are recorded in their own table; they are not a user's actions.
        config: { audit: false },
        schema: {
          tags: ["github"],
          description: "GitHub App webhook deliveries, signed with X-Hub-Signature-256",
          response: {
            200: GitHubWebhookOutcome,
            202: GitHubWebhookOutcome,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            413: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const credentials = await deps.store.current();
        if (!credentials) throw new AppError("not_found", "No GitHub App is configured on this server");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (
          !isValidSignature(credentials.webhookSecret, body, header(request.headers["x-hub-signature-256"]))
        )
          throw new AppError(
            "unauthenticated",
            "The delivery's signature (X-Hub-Signature-256) does not match",
          );

        const deliveryId = header(request.headers["x-github-delivery"]) ?? "";
        const event = header(request.headers["x-github-event"]) ?? "";
        if (!DELIVERY_ID.test(deliveryId) || !EVENT_NAME.test(event))
          throw new AppError("bad_request", "X-GitHub-Delivery and X-GitHub-Event are required");
        let json: unknown;
        try {
          json = JSON.parse(body.toString("utf8"));
        } catch {
          throw new AppError("bad_request", "The delivery is not JSON");
        }
        const envelope = Envelope.safeParse(json);
        if (!envelope.success) throw new AppError("bad_request", "The delivery names no installation");
        const handler = WEBHOOK_EVENTS[event];
        const action = envelope.data.action;
        if (!handler) return reply.status(200).send({ outcome: "ignored", reason: `${event} is not used` });
        if (handler.actions && !handler.actions.includes(action ?? ""))
          return reply.status(200).send({ outcome: "ignored", reason: `${event}.${action} is not used` });
        const installationId = envelope.data.installation?.id;
        if (installationId === undefined)
          throw new AppError("bad_request", "The delivery names no installation");
        const payload = handler.payload.safeParse(json);
        if (!payload.success)
          throw new AppError("bad_request", `The ${event} delivery lacks what Rampart reads of it`);

        // Which tenant the installation belongs to crosses tenants: looked up as the instance.
        const tenant = await withDatabaseContext({ kind: "system" }, async () => {
          const [found] = await deps.db
            .select()
            .from(tenants)
            .where(and(eq(tenants.githubInstallationId, String(installationId)), isNull(tenants.closedAt)));
          return found;
        });
        if (!tenant) {
          if (handler.needsTenant(action))
            throw new AppError("not_found", `No organization is connected to installation ${installationId}`);
          // An installation just created: the setup callback links it a moment later.
          return reply
            .status(200)
            .send({ outcome: "ignored", reason: "not connected to an organization yet" });
        }

        const [taken] = await deps.db
          .insert(githubWebhookDeliveries)
          .values({ id: deliveryId, event, action: action ?? null, installationId: String(installationId) })
          .onConflictDoNothing()
          .returning({ id: githubWebhookDeliveries.id });
        if (!taken) return reply.status(200).send({ outcome: "duplicate", reason: "processed already" });

        let outcome: WebhookOutcome;
        try {
          const context = { tenant, installationId: String(installationId), appId: credentials.appId };
          const work = () => handler.handle(payload.data, context, deps);
          outcome = tenant
            ? await withDatabaseContext({ kind: "tenant", tenantId: tenant.id }, work)
            : await work();
        } catch (error) {
          await deps.db.delete(githubWebhookDeliveries).where(eq(githubWebhookDeliveries.id, deliveryId));
          throw error;
        }
        return reply.status(outcome.outcome === "accepted" ? 202 : 200).send(outcome);
      },
    );
  });
}
