// Every rule of the SAST analyzer, one line each; the taint rules first.
import type { FileRule } from "../../../rule.ts";
import type { SastModel } from "../model.ts";
import { codeInjection } from "./code-injection.ts";
import { commandInjection } from "./command-injection.ts";
import { domXss } from "./dom-xss.ts";
import { hardcodedCredential } from "./hardcoded-credential.ts";
import { insecureCookie } from "./insecure-cookie.ts";
import { ldapInjection } from "./ldap-injection.ts";
import { nosqlInjection } from "./nosql-injection.ts";
import { openRedirect } from "./open-redirect.ts";
import { pathTraversal } from "./path-traversal.ts";
import { sqlInjection } from "./sql-injection.ts";
import { ssrf } from "./ssrf.ts";
import { tlsVerificationDisabled } from "./tls-verification-disabled.ts";
import { trustBoundaryViolation } from "./trust-boundary-violation.ts";
import { unsafeDeserialization } from "./unsafe-deserialization.ts";
import { weakCipher } from "./weak-cipher.ts";
import { weakHash } from "./weak-hash.ts";
import { weakRandomness } from "./weak-randomness.ts";
import { xpathInjection } from "./xpath-injection.ts";
import { xss } from "./xss.ts";
import { xxe } from "./xxe.ts";

export const sastRules: FileRule<SastModel>[] = [
  sqlInjection,
  nosqlInjection,
  commandInjection,
  codeInjection,
  pathTraversal,
  ssrf,
  openRedirect,
  xss,
  ldapInjection,
  xpathInjection,
  trustBoundaryViolation,
  weakHash,
  weakCipher,
  weakRandomness,
  insecureCookie,
  tlsVerificationDisabled,
  hardcodedCredential,
  xxe,
  unsafeDeserialization,
  domXss,
];
