// One provenance document as a file (GET /api/provenance/{id}): the DSSE envelope exactly as it was
// signed or uploaded, so that anyone can re-check its signature offline. Other tenants get 404.

import type { Database } from "@rampart/db/client";
import { provenanceAttestations } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import { notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";

export function provenanceFileName(id: string): string {
  return `provenance-${id.slice(0, 8)}.json`;
}

export function registerProvenanceDownloadRoute(
  app: App,
  deps: { db: Database; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  app.get(
    "/api/provenance/:id",
    {
      onRequest: deps.authenticate,
      schema: { tags: ["attestations"], params: z.object({ id: z.uuid() }) },
    },
    async (request, reply) => {
      const [row] = await deps.db
        .select({
          tenantId: provenanceAttestations.tenantId,
          envelope: provenanceAttestations.envelope,
          delegation: provenanceAttestations.delegation,
        })
        .from(provenanceAttestations)
        .where(eq(provenanceAttestations.id, request.params.id));
      if (!row) throw notFound("Provenance not found");
      await deps.access.requireForRecord(
        row.tenantId,
        currentUser(request).id,
        "evidence",
        "Provenance not found",
      );
      return reply
        .header("content-disposition", `attachment; filename="${provenanceFileName(request.params.id)}"`)
        .type("application/json")
        .send(
          JSON.stringify(
            // A delegate's signature (a KMS key) comes with the delegation beside the plain envelope.
            row.delegation === null ? row.envelope : { envelope: row.envelope, delegation: row.delegation },
            null,
            2,
          ),
        );
    },
  );
}
