// The explicit rule list of the GitHub Actions analyzer: adding a rule adds one line here.

import type { FileRule, ProjectRule } from "../../../rule.ts";
import type { WorkflowModel } from "../model.ts";
import type { ActionRefFacts, CiSummary } from "../online/action-refs.ts";
import { adHocPackageInstall } from "./ad-hoc-package-install.ts";
import { archivedAction } from "./archived-action.ts";
import { artifactWithCredentials } from "./artifact-with-credentials.ts";
import { cachePoisoning } from "./cache-poisoning.ts";
import { dangerousTrigger } from "./dangerous-trigger.ts";
import { dependabotInsecureExecution } from "./dependabot-insecure-execution.ts";
import { dependabotMissingCooldown } from "./dependabot-missing-cooldown.ts";
import { excessivePermissions } from "./excessive-permissions.ts";
import { forbiddenAction } from "./forbidden-action.ts";
import { githubAppTokenMisuse } from "./github-app-token-misuse.ts";
import { githubEnvWriteInPrivilegedWorkflow } from "./github-env-write-in-privileged-workflow.ts";
import { hardcodedCredentials } from "./hardcoded-credentials.ts";
import { impostorCommit } from "./impostor-commit.ts";
import { insecureCommands } from "./insecure-commands.ts";
import { insecureUrlScheme } from "./insecure-url-scheme.ts";
import { knownVulnerableAction } from "./known-vulnerable-action.ts";
import { missingDeployConcurrency } from "./missing-deploy-concurrency.ts";
import { missingPermissions } from "./missing-permissions.ts";
import { obfuscatedExpression } from "./obfuscated-expression.ts";
import { persistedCheckoutCredentials } from "./persisted-checkout-credentials.ts";
import { pullRequestTargetWriteToken } from "./pull-request-target-write-token.ts";
import { refConfusion } from "./ref-confusion.ts";
import { refVersionMismatch } from "./ref-version-mismatch.ts";
import { secretInWorkflowEnv } from "./secret-in-workflow-env.ts";
import { secretOutsideEnvironment } from "./secret-outside-environment.ts";
import { secretsInherit } from "./secrets-inherit.ts";
import { secretsToJson } from "./secrets-to-json.ts";
import { selfHostedRunnerOnPullRequest } from "./self-hosted-runner-on-pull-request.ts";
import { spoofableBotCondition } from "./spoofable-bot-condition.ts";
import { templateInjection } from "./template-injection.ts";
import { templateInjectionFromInput } from "./template-injection-from-input.ts";
import { templateInjectionThroughInput } from "./template-injection-through-input.ts";
import { typosquattedAction } from "./typosquatted-action.ts";
import { undocumentedPermissions } from "./undocumented-permissions.ts";
import { unpinnedAction } from "./unpinned-action.ts";
import { unpinnedContainerImage } from "./unpinned-container-image.ts";
import { unpinnedFirstPartyAction } from "./unpinned-first-party-action.ts";
import { unrestrictedAiAgent } from "./unrestricted-ai-agent.ts";
import { unsoundCondition } from "./unsound-condition.ts";
import { unsoundContains } from "./unsound-contains.ts";
import { untrustedCheckout } from "./untrusted-checkout.ts";
import { unusedOidcPermission } from "./unused-oidc-permission.ts";
import { useTrustedPublishing } from "./use-trusted-publishing.ts";
import { workflowRunArtifactExecution } from "./workflow-run-artifact-execution.ts";

export const ciRules: readonly FileRule<WorkflowModel>[] = [
  templateInjection,
  templateInjectionFromInput,
  unpinnedAction,
  unpinnedFirstPartyAction,
  unpinnedContainerImage,
  missingPermissions,
  excessivePermissions,
  unusedOidcPermission,
  untrustedCheckout,
  pullRequestTargetWriteToken,
  persistedCheckoutCredentials,
  cachePoisoning,
  insecureCommands,
  hardcodedCredentials,
  secretsInherit,
  secretsToJson,
  secretInWorkflowEnv,
  selfHostedRunnerOnPullRequest,
  workflowRunArtifactExecution,
  spoofableBotCondition,
  unsoundContains,
  artifactWithCredentials,
  githubEnvWriteInPrivilegedWorkflow,
  knownVulnerableAction,
  archivedAction,
  typosquattedAction,
  useTrustedPublishing,
  adHocPackageInstall,
  insecureUrlScheme,
  obfuscatedExpression,
  unsoundCondition,
  githubAppTokenMisuse,
  missingDeployConcurrency,
  secretOutsideEnvironment,
  refVersionMismatch,
  forbiddenAction,
  dangerousTrigger,
  dependabotInsecureExecution,
  dependabotMissingCooldown,
  undocumentedPermissions,
  unrestrictedAiAgent,
];

/**
 * Rules over every file's summary at once: local calls joined to the files they call, and `uses:`
 * refs with the facts of the online phase (GitHub refs).
 */
export const ciProjectRules: readonly ProjectRule<CiSummary, ActionRefFacts>[] = [
  templateInjectionThroughInput,
  refConfusion,
  impostorCommit,
];
