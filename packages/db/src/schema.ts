// The whole database schema, one module per domain; drizzle-kit reads this file.

export * from "./schema/advisor.ts";
export * from "./schema/advisories.ts";
export * from "./schema/api-tokens.ts";
export * from "./schema/audit.ts";
export * from "./schema/compliance.ts";
export * from "./schema/containers.ts";
export * from "./schema/environments.ts";
export * from "./schema/evidence.ts";
export * from "./schema/fixes.ts";
export * from "./schema/github.ts";
export * from "./schema/identity.ts";
export * from "./schema/ledger-anchors.ts";
export * from "./schema/login-attempts.ts";
export * from "./schema/members.ts";
export * from "./schema/scanning.ts";
export * from "./schema/vex.ts";
