// A repository's access token at rest: sealed with the secret box, bound to its tenant, opened
// only when git needs it. No API returns it.
import type { Credential } from "@rampart/checkout";
import type { SecretBox } from "../secrets/secret-box.ts";
import type { RepositoryRow } from "./repositories.repo.ts";

const context = (tenantId: string) => `repository-credential:${tenantId}`;

export function createRepositoryCredentials(box: SecretBox) {
  return {
    seal(tenantId: string, credential: Credential): string {
      return box.encrypt(JSON.stringify(credential), context(tenantId));
    },

    /** Undefined when the repository has none, or when it cannot be opened (another key). */
    open(repository: Pick<RepositoryRow, "tenantId" | "credential">): Credential | undefined {
      if (!repository.credential) return undefined;
      const opened = box.decrypt(repository.credential, context(repository.tenantId));
      if (opened === undefined) return undefined;
      const parsed = JSON.parse(opened) as Credential;
      return parsed.username ? { username: parsed.username, token: parsed.token } : { token: parsed.token };
    },
  };
}

export type RepositoryCredentials = ReturnType<typeof createRepositoryCredentials>;
