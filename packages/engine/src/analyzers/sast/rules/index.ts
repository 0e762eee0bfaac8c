// Every rule of the SAST analyzer, one line each; the taint rules first.
import type { FileRule } from "../../../rule.ts";
import type { SastModel } from "../model.ts";
import { codeInjection } from "./code-injection.ts";
import { commandInjection } from "./command-injection.ts";
import { ldapInjection } from "./ldap-injection.ts";
import { nosqlInjection } from "./nosql-injection.ts";
import { openRedirect } from "./open-redirect.ts";
import { pathTraversal } from "./path-traversal.ts";
import { sqlInjection } from "./sql-injection.ts";
import { ssrf } from "./ssrf.ts";
import { trustBoundaryViolation } from "./trust-boundary-violation.ts";
import { xpathInjection } from "./xpath-injection.ts";
import { xss } from "./xss.ts";

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
];
