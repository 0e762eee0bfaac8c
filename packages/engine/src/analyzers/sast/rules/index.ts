// Every rule of the SAST analyzer, one line each; the taint rules first.
import type { FileRule } from "../../../rule.ts";
import type { SastModel } from "../model.ts";
import { assertUsedForSecurity } from "./assert-used-for-security.ts";
import { bidirectionalControlCharacter } from "./bidirectional-control-character.ts";
import { bindAllInterfaces } from "./bind-all-interfaces.ts";
import { broadFilePermissions } from "./broad-file-permissions.ts";
import { cgiHttpoxy } from "./cgi-httpoxy.ts";
import { cleartextProtocol } from "./cleartext-protocol.ts";
import { codeEvaluation } from "./code-evaluation.ts";
import { codeInjection } from "./code-injection.ts";
import { commandInjection } from "./command-injection.ts";
import { crossOriginProtectionBypass } from "./cross-origin-protection-bypass.ts";
import { debugModeEnabled } from "./debug-mode-enabled.ts";
import { domXss } from "./dom-xss.ts";
import { dynamicCodeEvaluation } from "./dynamic-code-evaluation.ts";
import { dynamicShellCommand } from "./dynamic-shell-command.ts";
import { dynamicSqlQuery } from "./dynamic-sql-query.ts";
import { expressWithoutCsrfProtection } from "./express-without-csrf-protection.ts";
import { expressWithoutSecurityHeaders } from "./express-without-security-headers.ts";
import { filePathFromVariable } from "./file-path-from-variable.ts";
import { filesystemRootServed } from "./filesystem-root-served.ts";
import { hardcodedCredential } from "./hardcoded-credential.ts";
import { htmlMarkedSafe } from "./html-marked-safe.ts";
import { httpServerWithoutTimeout } from "./http-server-without-timeout.ts";
import { insecureCookie } from "./insecure-cookie.ts";
import { insecureTempFile } from "./insecure-temp-file.ts";
import { integerOverflowConversion } from "./integer-overflow-conversion.ts";
import { ldapInjection } from "./ldap-injection.ts";
import { logInjection } from "./log-injection.ts";
import { loggingConfigListener } from "./logging-config-listener.ts";
import { nonCryptographicRandom } from "./non-cryptographic-random.ts";
import { nosqlInjection } from "./nosql-injection.ts";
import { oldTlsVersion } from "./old-tls-version.ts";
import { openRedirect } from "./open-redirect.ts";
import { partialExecutablePath } from "./partial-executable-path.ts";
import { pathTraversal } from "./path-traversal.ts";
import { permissiveFilePermissions } from "./permissive-file-permissions.ts";
import { plaintextPassword } from "./plaintext-password.ts";
import { prototypePollution } from "./prototype-pollution.ts";
import { rawSqlFragment } from "./raw-sql-fragment.ts";
import { redirectForwardsCredentials } from "./redirect-forwards-credentials.ts";
import { redosRegex } from "./redos-regex.ts";
import { requestWithoutTimeout } from "./request-without-timeout.ts";
import { secretFieldSerialized } from "./secret-field-serialized.ts";
import { secretLogged } from "./secret-logged.ts";
import { sessionFixation } from "./session-fixation.ts";
import { shellProcessStart } from "./shell-process-start.ts";
import { shellWildcardInjection } from "./shell-wildcard-injection.ts";
import { smtpAddressInjection } from "./smtp-address-injection.ts";
import { springCsrfDisabled } from "./spring-csrf-disabled.ts";
import { sqlInjection } from "./sql-injection.ts";
import { sshHostKeyNotVerified } from "./ssh-host-key-not-verified.ts";
import { sshKeyCallbackState } from "./ssh-key-callback-state.ts";
import { ssrf } from "./ssrf.ts";
import { staticNonce } from "./static-nonce.ts";
import { swallowedException } from "./swallowed-exception.ts";
import { templateAutoescapeDisabled } from "./template-autoescape-disabled.ts";
import { templateUrlInjection } from "./template-url-injection.ts";
import { tlsVerificationDisabled } from "./tls-verification-disabled.ts";
import { trustBoundaryViolation } from "./trust-boundary-violation.ts";
import { unboundedRequestBody } from "./unbounded-request-body.ts";
import { uncheckedSliceBounds } from "./unchecked-slice-bounds.ts";
import { unhardenedDecoding } from "./unhardened-decoding.ts";
import { unrestrictedUrlScheme } from "./unrestricted-url-scheme.ts";
import { unsafeArchiveExtraction } from "./unsafe-archive-extraction.ts";
import { unsafeDeserialization } from "./unsafe-deserialization.ts";
import { unsafePackageUse } from "./unsafe-package-use.ts";
import { unsanitizedMarkdown } from "./unsanitized-markdown.ts";
import { unusedAuthorizationCheck } from "./unused-authorization-check.ts";
import { unvalidatedLocalInput } from "./unvalidated-local-input.ts";
import { urlFromVariable } from "./url-from-variable.ts";
import { userEnumeration } from "./user-enumeration.ts";
import { walkedPathRace } from "./walked-path-race.ts";
import { weakCipher } from "./weak-cipher.ts";
import { weakHash } from "./weak-hash.ts";
import { weakHashAlgorithm } from "./weak-hash-algorithm.ts";
import { weakJwtVerification } from "./weak-jwt-verification.ts";
import { weakKeySize } from "./weak-key-size.ts";
import { weakPasswordHashCost } from "./weak-password-hash-cost.ts";
import { weakPasswordPolicy } from "./weak-password-policy.ts";
import { weakRandomness } from "./weak-randomness.ts";
import { xmlParserNotHardened } from "./xml-parser-not-hardened.ts";
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
  prototypePollution,
  redosRegex,
  logInjection,
  smtpAddressInjection,
  unhardenedDecoding,
  unvalidatedLocalInput,
  weakHash,
  weakCipher,
  weakJwtVerification,
  weakRandomness,
  insecureCookie,
  tlsVerificationDisabled,
  hardcodedCredential,
  xxe,
  unsafeDeserialization,
  domXss,
  assertUsedForSecurity,
  bindAllInterfaces,
  insecureTempFile,
  swallowedException,
  requestWithoutTimeout,
  oldTlsVersion,
  sshHostKeyNotVerified,
  dynamicShellCommand,
  shellWildcardInjection,
  partialExecutablePath,
  dynamicCodeEvaluation,
  templateAutoescapeDisabled,
  debugModeEnabled,
  cleartextProtocol,
  permissiveFilePermissions,
  weakKeySize,
  weakPasswordHashCost,
  loggingConfigListener,
  unsafeArchiveExtraction,
  dynamicSqlQuery,
  htmlMarkedSafe,
  unsanitizedMarkdown,
  templateUrlInjection,
  integerOverflowConversion,
  httpServerWithoutTimeout,
  unsafePackageUse,
  uncheckedSliceBounds,
  springCsrfDisabled,
  expressWithoutSecurityHeaders,
  expressWithoutCsrfProtection,
  sessionFixation,
  plaintextPassword,
  weakPasswordPolicy,
  userEnumeration,
  unusedAuthorizationCheck,
  cgiHttpoxy,
  secretLogged,
  bidirectionalControlCharacter,
  unboundedRequestBody,
  crossOriginProtectionBypass,
  filesystemRootServed,
  redirectForwardsCredentials,
  staticNonce,
  secretFieldSerialized,
  walkedPathRace,
  sshKeyCallbackState,
  // the audit tier (low, no controls): after the precise rules they defer to
  weakHashAlgorithm,
  nonCryptographicRandom,
  shellProcessStart,
  xmlParserNotHardened,
  codeEvaluation,
  unrestrictedUrlScheme,
  rawSqlFragment,
  urlFromVariable,
  filePathFromVariable,
  broadFilePermissions,
];
