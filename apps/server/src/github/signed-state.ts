// The `state` GitHub carries through a browser round trip (App creation, installation): sealed
// with the secret box (AES-256-GCM, so it is signed and opaque), bound to what it is for, to the
// user and tenant it was issued to, and expiring. Errors are values.
import type { SecretBox } from "../secrets/secret-box.ts";

export type StatePurpose = "install" | "create-app";

export interface StateClaims {
  userId: string;
  /** The tenant an installation is linked to; absent when creating the App. */
  tenantId?: string;
  /** When it was issued, in milliseconds. */
  issuedAt: number;
}

export type OpenedState =
  | { ok: true; claims: StateClaims }
  | { ok: false; problem: "invalid" | "expired" | "another user" };

const context = (purpose: StatePurpose) => `github-state:${purpose}`;

export function createSignedStates(box: SecretBox, options: { ttlSeconds: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return {
    issue(purpose: StatePurpose, claims: Omit<StateClaims, "issuedAt">): string {
      const issuedAt = now().getTime();
      const sealed = box.encrypt(JSON.stringify({ ...claims, issuedAt }), context(purpose));
      return Buffer.from(sealed).toString("base64url");
    },

    /** The claims of a state issued for `purpose` to `userId` that has not expired. */
    open(purpose: StatePurpose, state: string, userId: string): OpenedState {
      const opened = box.decrypt(Buffer.from(state, "base64url").toString(), context(purpose));
      if (opened === undefined) return { ok: false, problem: "invalid" };
      const claims = JSON.parse(opened) as StateClaims;
      const age = now().getTime() - claims.issuedAt;
      if (age < 0 || age > options.ttlSeconds * 1000) return { ok: false, problem: "expired" };
      if (claims.userId !== userId) return { ok: false, problem: "another user" };
      return { ok: true, claims };
    },
  };
}

export type SignedStates = ReturnType<typeof createSignedStates>;
