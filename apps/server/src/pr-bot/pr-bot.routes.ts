// The PR Bot page's live PR status (spec part 2, §7: GET /api/prs/active?tenantId=).
import { ErrorBody } from "@rampart/contracts/common";
import { ActivePrCount, ActivePrQuery } from "@rampart/contracts/pr-bot";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { LivePullRequests } from "./live-pull-requests.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };

export function registerPrBotRoutes(
  app: App,
  deps: { live: LivePullRequests; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  app.get(
    "/api/prs/active",
    {
      onRequest: deps.authenticate,
      schema: { tags: ["pr-bot"], querystring: ActivePrQuery, response: { 200: ActivePrCount, ...errors } },
    },
    async (request) => {
      const { tenantId } = request.query;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      return deps.live.activeCount(tenantId);
    },
  );
}
