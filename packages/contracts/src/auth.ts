// Sign-in, registration and the session user (spec part 1, §3 and §7).
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const MIN_PASSWORD_LENGTH = 8;

export const Role = z.enum(["admin", "member", "auditor"]);
export type Role = z.infer<typeof Role>;

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const RegisterBody = z.object({
  email: Email,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(256, { error: "Password must be at most 256 characters" })
    .refine((password) => /\S/.test(password), { error: "Password must not be only spaces" }),
  name: z.string().trim().min(1, { error: "Name is required" }).max(200),
  tenantName: z.string().trim().min(1, { error: "Organization name is required" }).max(200),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, { error: "Password is required" }).max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const Membership = z.object({
  tenantId: Id,
  tenantName: z.string(),
  role: Role,
});
export type Membership = z.infer<typeof Membership>;

export const User = z.object({
  id: Id,
  email: z.string(),
  name: z.string(),
  createdAt: Timestamp,
  memberships: z.array(Membership),
});
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;

/**
 * Registration answers the same whether or not the e-mail already has an account (the owner is
 * told by mail instead), so the answer carries no user: the next step is signing in.
 */
export const RegisterResponse = z.object({ ok: z.literal(true) });
export type RegisterResponse = z.infer<typeof RegisterResponse>;
