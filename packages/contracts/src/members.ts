// Members of a tenant, invitations into it, and accepting one (issue 16, capability 7).
import { z } from "zod";
import { Email, MIN_PASSWORD_LENGTH, Role } from "./auth.ts";
import { Id, Timestamp } from "./common.ts";
import { TenantParams } from "./tenants.ts";

export const Member = z.object({
  userId: Id,
  email: z.string(),
  name: z.string(),
  role: Role,
  joinedAt: Timestamp,
});
export type Member = z.infer<typeof Member>;
export const MemberList = z.array(Member);

export const MemberParams = TenantParams.extend({ userId: Id });
export const ChangeRoleBody = z.object({ role: Role }).strict();
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>;

export const InvitationStatus = z.enum(["pending", "accepted", "expired", "revoked"]);

export const Invitation = z.object({
  id: Id,
  email: z.string(),
  role: Role,
  status: InvitationStatus,
  invitedBy: z.string(),
  expiresAt: Timestamp,
  createdAt: Timestamp,
});
export type Invitation = z.infer<typeof Invitation>;
export const InvitationList = z.array(Invitation);

export const InviteBody = z.object({ email: Email, role: Role }).strict();
export type InviteBody = z.infer<typeof InviteBody>;

/**
 * The answer to an invitation: the link is shown once, to the admin who made it, and never
 * again (only its hash is kept). `mailed` says whether it also went out by e-mail.
 */
export const CreatedInvitation = z.object({
  invitation: Invitation,
  link: z.string(),
  mailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof CreatedInvitation>;

export const InvitationParams = TenantParams.extend({ invitationId: Id });

/** Invitation tokens are 32 random bytes in base64url: 43 characters. */
export const InvitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "This invitation link is not valid" });
export const InvitationTokenParams = z.object({ token: InvitationToken });

/** What the invitation page may show before anyone signs in. */
export const InvitationPreview = z.object({
  tenantName: z.string(),
  email: z.string(),
  role: Role,
  expiresAt: Timestamp,
  /** Whether an account with the invited e-mail exists: sign in, or register from the link. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptedInvitation = z.object({ tenantId: Id, role: Role });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

/** Registering from an invitation: the e-mail is the invitation's, so it is not asked. */
export const RegisterFromInvitationBody = z.object({
  name: z.string().trim().min(1, { error: "Name is required" }).max(200),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(256, { error: "Password must be at most 256 characters" })
    .refine((value) => value.trim().length > 0, { error: "Password must not be blank" }),
});
export type RegisterFromInvitationBody = z.infer<typeof RegisterFromInvitationBody>;
