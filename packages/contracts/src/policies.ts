// Policies: written or adopted from a starter template, versioned, approved by an admin and
// acknowledged by members; the acknowledgements are evidence for the controls a policy serves.
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";
import { PersonRef } from "./evidence-requests.ts";

export const PolicyTemplate = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  controls: z.array(z.string()),
});
export const PolicyTemplateList = z.array(PolicyTemplate);
export type PolicyTemplate = z.infer<typeof PolicyTemplate>;

export const PolicyTemplateDetail = PolicyTemplate.extend({ body: z.string() });
export const PolicyTemplateParams = z.object({ templateKey: z.string().min(1).max(64) });

export const PolicyVersion = z.object({
  id: Id,
  version: z.number().int(),
  body: z.string(),
  sha256: z.string(),
  createdBy: PersonRef.nullable(),
  createdAt: Timestamp,
  approvedBy: PersonRef.nullable(),
  approvedAt: Timestamp.nullable(),
  /** Members who acknowledged this version. */
  acknowledgedCount: z.number().int(),
});
export type PolicyVersion = z.infer<typeof PolicyVersion>;

export const PolicySummary = z.object({
  id: Id,
  key: z.string(),
  title: z.string(),
  templateKey: z.string().nullable(),
  controlCodes: z.array(z.string()),
  owner: PersonRef.nullable(),
  /** The approved version in force, if any. */
  currentVersion: z.number().int().nullable(),
  /** The newest version, approved or still a draft. */
  latestVersion: z.number().int(),
  /** Members (not auditors) who acknowledged the version in force, of all members. */
  acknowledged: z.number().int(),
  members: z.number().int(),
  /** Whether the caller acknowledged the version in force. */
  acknowledgedByMe: z.boolean(),
  createdAt: Timestamp,
});
export type PolicySummary = z.infer<typeof PolicySummary>;
export const PolicyList = z.array(PolicySummary);

export const PolicyAcknowledgement = z.object({
  user: PersonRef,
  version: z.number().int(),
  acknowledgedAt: Timestamp,
});

export const PolicyDetail = z.object({
  policy: PolicySummary,
  versions: z.array(PolicyVersion),
  acknowledgements: z.array(PolicyAcknowledgement),
});
export type PolicyDetail = z.infer<typeof PolicyDetail>;

export const PolicyParams = z.object({ tenantId: Id, policyId: Id });
export const PolicyVersionParams = z.object({
  tenantId: Id,
  policyId: Id,
  version: z.coerce.number().int().min(1).max(100000),
});

const PolicyBody = z.string().trim().min(1).max(200_000);
const ControlCodes = z.array(z.string().min(1).max(64)).max(100);

/** Adopt a starter template, or write a policy from scratch. */
export const CreatePolicyBody = z.union([
  z.strictObject({ templateKey: z.string().min(1).max(64) }),
  z.strictObject({
    key: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Use lowercase letters, digits and dashes (at most 64)"),
    title: z.string().trim().min(1).max(200),
    body: PolicyBody,
    controlCodes: ControlCodes.default([]),
  }),
]);
export type CreatePolicyBody = z.input<typeof CreatePolicyBody>;

export const CreatePolicyVersionBody = z.strictObject({ body: PolicyBody });

export const UpdatePolicyBody = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  ownerId: Id.nullable().optional(),
  controlCodes: ControlCodes.optional(),
});
