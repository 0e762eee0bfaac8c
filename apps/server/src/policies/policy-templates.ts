// The starter policy templates of @rampart/policy, as the server hands them out. The package's
// entry point does not export them (yet): they are read from its module directly, in this one place.

export type { PolicyTemplate } from "../../../../packages/policy/src/policies.ts";
export { getPolicyTemplate, listPolicyTemplates } from "../../../../packages/policy/src/policies.ts";
