// The demo organization's environments: a sample may bundle `environments/environments.json`
// naming environments whose declared state is a folder of the sample's repository and whose
// observed state is a Terraform state bundled beside it. The seed creates them and runs their
// first sync itself, so the drift the demo shows is what the real sync computes at seed time.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DeclaredSource, EnvironmentType } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import { environments } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { EnvironmentSync } from "./environment-sync.ts";
import { terraformStateProblem } from "./environments.service.ts";

export const DEMO_ENVIRONMENTS_FILE = path.join("environments", "environments.json");
/** The bundled states are small; a larger one is a mistake in the sample. */
const MAX_STATE_BYTES = 2 * 1024 * 1024;

const DemoEnvironments = z.object({
  environments: z
    .array(
      z.object({
        name: z.string().min(1).max(100),
        type: EnvironmentType,
        declared: DeclaredSource.omit({ repositoryId: true }),
        /** A Terraform state (version 4) in the same folder. */
        state: z.string().regex(/^[\w.-]+\.tfstate$/),
      }),
    )
    .max(10),
});

/** The environments a sample bundles, with their states read; none when it bundles none. */
export function readDemoEnvironments(sampleDir: string) {
  const file = path.join(sampleDir, DEMO_ENVIRONMENTS_FILE);
  if (!existsSync(file)) return [];
  const parsed = DemoEnvironments.parse(JSON.parse(readFileSync(file, "utf8")));
  return parsed.environments.map((environment) => {
    const statePath = path.join(path.dirname(file), environment.state);
    const text = readFileSync(statePath, "utf8");
    if (text.length > MAX_STATE_BYTES) throw new Error(`${statePath} is larger than the demo allows`);
    const state: unknown = JSON.parse(text);
    const problem = terraformStateProblem(state);
    if (problem) throw new Error(`${statePath}: ${problem}`);
    return { ...environment, state };
  });
}

export function createDemoEnvironments(deps: {
  db: Database;
  sync: Pick<EnvironmentSync, "request" | "run">;
}) {
  return {
    /**
     * Creates the sample's environments in the tenant and syncs each once; an environment that
     * exists and has been synced (a retried seed) is left as it is.
     */
    async seed(tenantId: string, sampleDir: string, repositoryId: string): Promise<number> {
      let synced = 0;
      for (const bundled of readDemoEnvironments(sampleDir)) {
        const [existing] = await deps.db
          .select()
          .from(environments)
          .where(and(eq(environments.tenantId, tenantId), eq(environments.name, bundled.name)));
        if (existing?.lastSyncedAt) continue;
        const values = {
          type: bundled.type,
          declared: { ...bundled.declared, repositoryId },
          observed: { kind: "terraform-upload" as const },
          uploadedState: bundled.state as object,
          uploadedStateAt: new Date(),
        };
        const [row] = existing
          ? await deps.db.update(environments).set(values).where(eq(environments.id, existing.id)).returning()
          : await deps.db
              .insert(environments)
              .values({ tenantId, name: bundled.name, ...values })
              .returning();
        const { syncId } = await deps.sync.request(row!, "demo");
        // Run here rather than by the worker: the template is ready only with its drift computed.
        await deps.sync.run(syncId);
        synced += 1;
      }
      return synced;
    },
  };
}

export type DemoEnvironments = ReturnType<typeof createDemoEnvironments>;
