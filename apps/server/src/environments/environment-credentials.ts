// An environment's observed-state credential at rest: sealed with the secret box, bound to its
// tenant and environment, opened only when the state is read. No API returns it.
import { ObservedCredential } from "@rampart/contracts/environments";
import type { SecretBox } from "../secrets/secret-box.ts";

const context = (tenantId: string, environmentId: string) =>
  `environment-credential:${tenantId}:${environmentId}`;

export function createEnvironmentCredentials(box: SecretBox) {
  return {
    seal(tenantId: string, environmentId: string, credential: ObservedCredential): string {
      return box.encrypt(JSON.stringify(credential), context(tenantId, environmentId));
    },

    /** Null when there is none, or when it cannot be opened (sealed with another key). */
    open(row: { tenantId: string; id: string; credential: string | null }): ObservedCredential | null {
      if (!row.credential) return null;
      const opened = box.decrypt(row.credential, context(row.tenantId, row.id));
      if (opened === undefined) return null;
      const parsed = ObservedCredential.safeParse(JSON.parse(opened));
      return parsed.success ? parsed.data : null;
    },
  };
}

export type EnvironmentCredentials = ReturnType<typeof createEnvironmentCredentials>;
