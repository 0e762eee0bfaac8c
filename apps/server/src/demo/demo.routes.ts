// GET /api/demo/tenant-id and POST /api/demo/seed (spec part 1, §7): each user's own demo organization.
import { ErrorBody } from "@rampart/contracts/common";
import { DemoTenantId } from "@rampart/contracts/demo";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { DemoService } from "./demo.service.ts";

export const NO_DEMO_YET = "You have no demo organization yet";

export function registerDemoRoutes(
  app: App,
  deps: { demo: DemoService; authenticate: onRequestAsyncHookHandler },
) {
  const { demo } = deps;
  const errors = { 401: ErrorBody, 404: ErrorBody, 429: ErrorBody };

  app.get(
    "/api/demo/tenant-id",
    { onRequest: deps.authenticate, schema: { tags: ["demo"], response: { 200: DemoTenantId, ...errors } } },
    async (request) => {
      const tenantId = await demo.findOwnTenantId(currentUser(request).id);
      if (!tenantId) throw notFound(NO_DEMO_YET);
      return { tenantId };
    },
  );

  app.post(
    "/api/demo/seed",
    {
      onRequest: deps.authenticate,
      // The web asks every 3 s while the template is being prepared (a cheap 409); a copy is made
      // once per user.
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["demo"],
        description:
          "Creates the caller's own demo organization from the prepared sample data the first time, " +
          "and answers its id. 409 while the sample data is still being prepared: try again shortly.",
        response: { 200: DemoTenantId, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return { tenantId: await demo.ensureOwnTenant(currentUser(request).id) };
      } catch (error) {
        // Tells the web (and any client) when to ask again while the template is being scanned.
        if (error instanceof AppError && error.status === 409) reply.header("retry-after", "3");
        throw error;
      }
    },
  );
}
