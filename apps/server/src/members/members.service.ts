// Members, invitations and roles of a tenant. An invitation is a single-use link that expires:
// its token is 32 random bytes shown once (to the admin, and by e-mail when SMTP is on), and only
// the token's SHA-256 is stored, as for sessions. The last admin of a tenant can neither leave,
// be removed nor be demoted.
import { createHash, randomBytes } from "node:crypto";
import type { Invitation, InviteBody, Member, RegisterFromInvitationBody } from "@rampart/contracts/members";
import { isUniqueViolation } from "@rampart/db/errors";
import { users } from "@rampart/db/schema";
import { hashPassword } from "../auth/password.ts";
import { AppError, forbidden, notFound } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { InvitationRow, MembershipChange, MembersRepo, RoleName } from "./members.repo.ts";

export const INVITATION_TTL_DAYS = 7;
const DAY_MS = 86_400_000;

export const INVITATION_NOT_FOUND = "This invitation link is not valid";
export const INVITATION_USED = "This invitation has already been used";
export const INVITATION_EXPIRED = "This invitation has expired: ask an admin for a new one";
export const INVITATION_REVOKED = "This invitation was withdrawn: ask an admin for a new one";
export const INVITATION_OTHER_EMAIL =
  "This invitation is for another e-mail address: sign in with the address it was sent to";
export const LAST_ADMIN =
  "The last admin cannot leave or stop being an admin: make another member an admin first";

export const tokenHashOf = (token: string) => createHash("sha256").update(token).digest("hex");

function statusOf(row: InvitationRow, now: Date): Invitation["status"] {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "pending";
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    invitedBy: row.invitedByEmail,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function refuseChange(result: MembershipChange): RoleName | null {
  if (result.ok) return result.role;
  if (result.reason === "last_admin") throw new AppError("conflict", LAST_ADMIN);
  throw notFound("Member not found");
}

/** An invitation that cannot be used any more, in words the person holding the link understands. */
function refuseUnusable(row: InvitationRow, tenant: { closedAt: Date | null }, now: Date) {
  const status = statusOf(row, now);
  if (status === "accepted") throw new AppError("conflict", INVITATION_USED);
  if (status === "revoked") throw new AppError("conflict", INVITATION_REVOKED);
  if (status === "expired") throw new AppError("conflict", INVITATION_EXPIRED);
  if (tenant.closedAt) throw new AppError("conflict", "This organization is closed");
}

export function createMembersService(deps: {
  repo: MembersRepo;
  mailer: Mailer;
  /** The address links are built from; the request's own origin when absent. */
  publicUrl?: string | undefined;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  const linkFor = (token: string, origin: string) =>
    `${(deps.publicUrl ?? origin).replace(/\/+$/, "")}/invite/${token}`;

  return {
    listMembers: async (tenantId: string): Promise<Member[]> =>
      (await repo.listMembers(tenantId)).map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() })),

    listInvitations: async (tenantId: string) =>
      (await repo.listInvitations(tenantId)).map((row) => toInvitation(row, now())),

    async invite(
      tenant: { id: string; name: string },
      by: { id: string; email: string; name: string },
      body: InviteBody,
      origin: string,
    ) {
      if (await repo.isMemberByEmail(tenant.id, body.email))
        throw new AppError("conflict", "This person is already a member of this organization");
      const token = randomBytes(32).toString("base64url");
      const at = now();
      const row = await repo.createInvitation(
        {
          tenantId: tenant.id,
          email: body.email,
          role: body.role,
          tokenHash: tokenHashOf(token),
          invitedById: by.id,
          invitedByEmail: by.email,
          expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        },
        at,
      );
      const link = linkFor(token, origin);
      const mail = await deps.mailer.send({
        to: body.email,
        subject: `You are invited to ${tenant.name} on Rampart`,
        text: [
          `${by.name} (${by.email}) invites you to join ${tenant.name} on Rampart as ${body.role}.`,
          "",
          `Accept the invitation: ${link}`,
          "",
          `The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect it, ignore this message.`,
        ].join("\n"),
      });
      return { invitation: toInvitation(row, at), link, mailed: mail.sent };
    },

    async revokeInvitation(tenantId: string, invitationId: string) {
      const row = await repo.revokeInvitation(tenantId, invitationId, now());
      if (!row) throw notFound("Invitation not found or no longer open");
      return toInvitation(row, now());
    },

    async changeRole(tenantId: string, userId: string, role: RoleName) {
      refuseChange(await repo.changeMembership(tenantId, userId, { role }));
      const member = (await this.listMembers(tenantId)).find((candidate) => candidate.userId === userId);
      if (!member) throw notFound("Member not found");
      return member;
    },

    remove: async (tenantId: string, userId: string) => {
      refuseChange(await repo.changeMembership(tenantId, userId, { remove: true }));
    },

    /** What the invitation page shows before anyone signs in; only the link's holder sees it. */
    async preview(token: string) {
      const found = await repo.findByTokenHash(tokenHashOf(token));
      if (!found) throw notFound(INVITATION_NOT_FOUND);
      refuseUnusable(found.invitation, found.tenant, now());
      return {
        tenantName: found.tenant.name,
        email: found.invitation.email,
        role: found.invitation.role,
        expiresAt: found.invitation.expiresAt.toISOString(),
        accountExists: (await repo.userByEmail(found.invitation.email)) !== undefined,
      };
    },

    /** A signed-in user whose e-mail is the invitation's joins with its role. */
    async accept(token: string, user: { id: string; email: string }) {
      const at = now();
      const used = await repo
        .consume(
          tokenHashOf(token),
          (invitation, tenant) => {
            refuseUnusable(invitation, tenant, at);
            if (invitation.email !== user.email.toLowerCase()) throw forbidden(INVITATION_OTHER_EMAIL);
          },
          async () => ({ userId: user.id, result: undefined }),
          at,
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new AppError("conflict", "You are already a member of this organization");
          throw error;
        });
      if (!used) throw notFound(INVITATION_NOT_FOUND);
      return { tenantId: used.invitation.tenantId, role: used.invitation.role };
    },

    /** Registers the invited address from the link and joins; the caller then signs in. */
    async register(token: string, body: RegisterFromInvitationBody) {
      const at = now();
      const passwordHash = await hashPassword(body.password);
      const used = await repo
        .consume(
          tokenHashOf(token),
          (invitation, tenant) => refuseUnusable(invitation, tenant, at),
          async (tx, invitation) => {
            const [user] = await tx
              .insert(users)
              .values({ email: invitation.email, name: body.name, passwordHash })
              .returning();
            return { userId: user!.id, result: { userId: user!.id, email: user!.email } };
          },
          at,
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new AppError(
              "conflict",
              "An account with this e-mail exists: sign in to accept the invitation",
            );
          throw error;
        });
      if (!used) throw notFound(INVITATION_NOT_FOUND);
      return {
        tenantId: used.invitation.tenantId,
        role: used.invitation.role,
        userId: used.result.userId,
        email: used.result.email,
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
