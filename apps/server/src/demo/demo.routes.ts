// GET /api/demo/tenant-id and POST /api/demo/seed (spec part 1, §7).
import { ErrorBody } from "@rampart/contracts/common";
import { DemoTenantId } from "@rampart/contracts/demo";
import type { onRequestAsyncHookHandler } from "fastify";
import { notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { DemoService } from "./demo.service.ts";

export function registerDemoRoutes(
  app: App,
  deps: { demo: DemoService; authenticate: onRequestAsyncHookHandler },
) {
  const { demo } = deps;
  const errors = { 401: ErrorBody, 404: ErrorBody, 429: ErrorBody };

  app.get(
    "/api/demo/tenant-id",
    { onRequest: deps.authenticate, schema: { tags: ["demo"], response: { 200: DemoTenantId, ...errors } } },
    async () => {
      const tenantId = await demo.findDemoTenantId();
      if (!tenantId) throw notFound("The demo organization has not been created yet");
      return { tenantId };
    },
  );

  app.post(
    "/api/demo/seed",
    {
      onRequest: deps.authenticate,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags: ["demo"], response: { 200: DemoTenantId, ...errors } },
    },
    async () => ({ tenantId: await demo.ensureDemoTenant() }),
  );
}
