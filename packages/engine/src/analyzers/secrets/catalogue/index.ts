// The whole provider catalogue, in docs order. Each entry becomes one rule (see pattern-rule.ts).
import { aiPatterns } from "./ai.ts";
import { cloudPatterns } from "./cloud.ts";
import { codeHostingPatterns } from "./code-hosting.ts";
import { commandLinePatterns } from "./command-lines.ts";
import { communicationPatterns } from "./communication.ts";
import { databasePatterns } from "./databases.ts";
import { keyPatterns } from "./keys.ts";
import { namedCredentialPatterns } from "./named-credentials.ts";
import { paymentPatterns } from "./payments.ts";
import { saasPatterns } from "./saas.ts";
import type { SecretPattern } from "./types.ts";

export const catalogue: readonly SecretPattern[] = [
  ...keyPatterns,
  ...cloudPatterns,
  ...codeHostingPatterns,
  ...databasePatterns,
  ...communicationPatterns,
  ...paymentPatterns,
  ...aiPatterns,
  ...saasPatterns,
  ...namedCredentialPatterns,
  ...commandLinePatterns,
];
