// The zod schemas of the ci rules' `.rampart.yaml` options. A module of their own, imported by
// `ruleOptions` only when a config gives options: zod is most of the module loading a small scan
// with a workflow would otherwise do, and the rules themselves need only the parsed values.
import { z } from "zod";

/** A `uses:` pattern (`*`, `owner/*`, `owner/repo`, `owner/repo/path`); see action-patterns.ts. */
export const ActionPattern = z
  .string()
  .trim()
  .regex(
    /^(?:\*|[A-Za-z0-9_.-]+\/\*|[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(?:\/[^\s@*]+)?)$/,
    "a pattern reads *, owner/*, owner/repo or owner/repo/path (no @ref)",
  );

/**
 * How firmly a set of actions must be pinned: `hash-pin` (a full commit SHA; the default),
 * `ref-pin` (any tag or branch will do, only a missing ref is flagged) or `any` (never flagged).
 */
export const PinPolicy = z.enum(["hash-pin", "ref-pin", "any"]);
export type PinPolicy = z.infer<typeof PinPolicy>;

/** `policies:` of the pinning rules: action pattern → policy; the most specific pattern wins. */
export const PinPolicies = z.record(ActionPattern, PinPolicy);

/**
 * Options of ci/unpinned-action. `pins` maps `owner/repo@ref` (as written, path included for
 * sub-actions) to the full commit SHA it should be pinned to; with a mapping the rule attaches a
 * fix. `policies` relaxes pinning for trusted actions.
 */
export const UnpinnedActionOptions = z.strictObject({
  pins: z
    .record(z.string().min(3), z.string().regex(/^[0-9a-f]{40}$/i, "a pin is a full 40-character commit SHA"))
    .optional(),
  policies: PinPolicies.optional(),
});
export type UnpinnedActionOptions = z.infer<typeof UnpinnedActionOptions>;

/** Options of ci/unpinned-first-party-action: `policies` as for ci/unpinned-action (e.g. `actions/*: ref-pin`). */
export const UnpinnedFirstPartyActionOptions = z.strictObject({ policies: PinPolicies.optional() });
export type UnpinnedFirstPartyActionOptions = z.infer<typeof UnpinnedFirstPartyActionOptions>;

/**
 * Options of ci/forbidden-action: `deny` patterns are forbidden on top of the default list (a bare
 * pattern or `{ pattern, reason }`); `allow`, when given, lists the only actions permitted.
 */
export const ForbiddenActionOptions = z.strictObject({
  deny: z
    .array(
      z.union([ActionPattern, z.strictObject({ pattern: ActionPattern, reason: z.string().trim().min(1) })]),
    )
    .max(1000)
    .optional(),
  allow: z.array(ActionPattern).max(1000).optional(),
});
export type ForbiddenActionOptions = z.infer<typeof ForbiddenActionOptions>;
