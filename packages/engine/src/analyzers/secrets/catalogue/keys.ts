// Key material and self-describing tokens: PEM private keys, PGP and age keys, JWTs, and key data
// embedded in kubeconfig files.
import { prefixed } from "./build.ts";
import type { SecretPattern } from "./types.ts";

/** Base64 characters in a PEM body, after removing whitespace, literal `\n` escapes and headers. */
function pemBodyLength(body: string): number {
  const withoutHeaders = body.replace(/(?:^|\\n|\n)[A-Za-z-]{2,30}:[^\n\\]*/g, "");
  return withoutHeaders.replace(/\\n|\\r|\s/g, "").replace(/[^A-Za-z0-9+/=]/g, "").length;
}

function decodeBase64UrlJson(segment: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(segment, "base64url").toString("utf8")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A JWT: header and payload decode to JSON objects and the header names an algorithm. */
function jwtParts(
  value: string,
): { header: Record<string, unknown>; payload: Record<string, unknown> } | undefined {
  const [header, payload] = value.split(".");
  if (!header || !payload) return undefined;
  const decodedHeader = decodeBase64UrlJson(header);
  const decodedPayload = decodeBase64UrlJson(payload);
  if (!decodedHeader || !decodedPayload || typeof decodedHeader.alg !== "string") return undefined;
  return { header: decodedHeader, payload: decodedPayload };
}

function isKubernetesServiceAccountToken(payload: Record<string, unknown>): boolean {
  return (
    payload.iss === "kubernetes/serviceaccount" ||
    typeof payload["kubernetes.io/serviceaccount/service-account.name"] === "string" ||
    (typeof payload["kubernetes.io"] === "object" && payload["kubernetes.io"] !== null)
  );
}

/**
 * The base64 lines of a key block, without the BEGIN/END armour and `Name: value` headers. The armour
 * is cut out rather than its lines dropped, so a body written on the armour's own line
 * (`-----BEGIN PRIVATE KEY-----XXXX…-----END PRIVATE KEY-----` in a JSON string) is still judged.
 */
function keyBody(block: string): string {
  return block
    .replace(/-{4,5} ?(?:BEGIN|END)[ A-Z0-9]{0,40}-{4,5}/g, "\n")
    .split(/\\n|\r?\n/)
    .filter((line) => !line.includes(":"))
    .join("");
}

const KEY_REMEDIATION =
  "Treat the key as compromised: generate a new key pair, replace the public half wherever it is " +
  "trusted (servers, CAs, deploy keys, signing configurations) and revoke the old one. Then delete the " +
  "file, add its pattern to .gitignore and mount the key at run time from a secret store.";

const JWT = "eyJ[A-Za-z0-9_-]{10,1000}\\.eyJ[A-Za-z0-9_-]{10,8000}\\.[A-Za-z0-9_-]{16,1000}";

export const keyPatterns: SecretPattern[] = [
  prefixed({
    id: "secrets/private-key",
    whyItMatters:
      "A private key in a repository lets anyone with read access impersonate its owner: sign commits, " +
      "releases or tokens, decrypt traffic or data, or log in wherever the public half is trusted. It stays " +
      "in git history after the file is deleted.",
    example:
      '# the key is mounted at run time from a secret store, never committed\nssh -i "$DEPLOY_KEY_PATH" deploy@host',
    remediation: KEY_REMEDIATION,
    provider: "PEM",
    credential: "private key",
    severity: "critical",
    keywords: ["private key-----", "begin ssh2 encrypted private key"],
    pattern:
      "(-----BEGIN[ A-Z0-9]{0,30} PRIVATE KEY-----(?:[A-Za-z0-9+/=\\s:,.()\\\\-]){64,20000}?-----END[ A-Z0-9]{0,30} PRIVATE KEY-----" +
      '|---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----(?:[A-Za-z0-9+/=\\s:,.()"\\\\-]){64,20000}?---- END SSH2 ENCRYPTED PRIVATE KEY ----)',
    validate: (value) =>
      pemBodyLength(
        value.replace(
          /-----(?:BEGIN|END)[ A-Z0-9]{0,30} PRIVATE KEY-----|---- (?:BEGIN|END) SSH2 ENCRYPTED PRIVATE KEY ----/g,
          "",
        ),
      ) >= 64,
    checkedPart: keyBody,
    controls: ["SEC-KEY-01"],
    rotate:
      "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/removing-sensitive-data-from-a-repository",
    note:
      "Covers RSA, EC, DSA, OpenSSH, PKCS#8 and encrypted PKCS#8 keys, also inside JSON strings with `\\n` " +
      'escapes (service account files), and SSH.com/Tectia `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----` files. A header without a body (`"-----BEGIN RSA PRIVATE KEY-----"` in parser code) is not reported.',
    samples: {
      flag: [
        "-----BEGIN RSA PRIVATE KEY-----\n{pem:10}\n-----END RSA PRIVATE KEY-----",
        "-----BEGIN OPENSSH PRIVATE KEY-----\n{pem:6}\n-----END OPENSSH PRIVATE KEY-----",
        "-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,{hex:32}\n\n{pem:3}\n-----END EC PRIVATE KEY-----",
        '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20240101"\n{pem:8}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----',
      ],
      ok: [
        'const header = "-----BEGIN RSA PRIVATE KEY-----";',
        "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
      ],
    },
  }),
  prefixed({
    id: "secrets/pgp-private-key-block",
    whyItMatters:
      "A private key in a repository lets anyone with read access impersonate its owner: sign commits, " +
      "releases or tokens, decrypt traffic or data, or log in wherever the public half is trusted. It stays " +
      "in git history after the file is deleted.",
    example:
      '# the key is mounted at run time from a secret store, never committed\nssh -i "$DEPLOY_KEY_PATH" deploy@host',
    remediation: KEY_REMEDIATION,
    provider: "PGP",
    credential: "private key block",
    severity: "critical",
    keywords: ["pgp private key block"],
    pattern:
      "(-----BEGIN PGP PRIVATE KEY BLOCK-----(?:[A-Za-z0-9+/=\\s:,.()\\\\-]){64,40000}?-----END PGP PRIVATE KEY BLOCK-----)",
    validate: (value) =>
      pemBodyLength(value.replace(/-----(?:BEGIN|END) PGP PRIVATE KEY BLOCK-----/g, "")) >= 64,
    checkedPart: keyBody,
    controls: ["SEC-KEY-01"],
    rotate: "https://www.gnupg.org/gph/en/manual/c14.html",
    samples: {
      flag: ["-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{pem:8}\n-----END PGP PRIVATE KEY BLOCK-----"],
      ok: ["-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n{pem:8}\n-----END PGP PUBLIC KEY BLOCK-----"],
    },
  }),
  prefixed({
    id: "secrets/putty-private-key",
    whyItMatters:
      "A private key in a repository lets anyone with read access impersonate its owner: sign commits, " +
      "releases or tokens, decrypt traffic or data, or log in wherever the public half is trusted. It stays " +
      "in git history after the file is deleted.",
    example:
      '# the key is mounted at run time from a secret store, never committed\nssh -i "$DEPLOY_KEY_PATH" deploy@host',
    remediation: KEY_REMEDIATION,
    provider: "PuTTY",
    credential: "private key file",
    severity: "critical",
    keywords: ["putty-user-key-file-"],
    pattern:
      "(PuTTY-User-Key-File-\\d: [a-z0-9-]{3,40}[\\s\\S]{0,4000}?Private-Lines: \\d{1,3}\\r?\\n[A-Za-z0-9+/=\\r\\n]{40,8000})",
    checkedPart: keyBody,
    controls: ["SEC-KEY-01"],
    rotate: "https://the.earth.li/~sgtatham/putty/0.78/htmldoc/Chapter8.html",
    samples: {
      flag: [
        "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 2\n{pem:2}\nPrivate-Lines: 1\n{pem:1}",
      ],
      ok: ["# PuTTY-User-Key-File-3 is the header of .ppk files"],
    },
  }),
  prefixed({
    id: "secrets/age-secret-key",
    whyItMatters:
      "A private key in a repository lets anyone with read access impersonate its owner: sign commits, " +
      "releases or tokens, decrypt traffic or data, or log in wherever the public half is trusted. It stays " +
      "in git history after the file is deleted.",
    example:
      '# the key is mounted at run time from a secret store, never committed\nssh -i "$DEPLOY_KEY_PATH" deploy@host',
    remediation: KEY_REMEDIATION,
    provider: "age",
    credential: "secret key",
    severity: "critical",
    keywords: ["age-secret-key-1"],
    pattern: "(AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})(?![A-Za-z0-9])",
    minEntropy: 3.5,
    controls: ["SEC-KEY-01"],
    rotate: "https://github.com/FiloSottile/age#readme",
    samples: { flag: ["AGE-SECRET-KEY-1{bech32:58}"], ok: ["# public key: age1{bech32:58}"] },
  }),
  prefixed({
    id: "secrets/pkcs12-embedded",
    whyItMatters:
      "A private key in a repository lets anyone with read access impersonate its owner: sign commits, " +
      "releases or tokens, decrypt traffic or data, or log in wherever the public half is trusted. It stays " +
      "in git history after the file is deleted.",
    example:
      '# the key is mounted at run time from a secret store, never committed\nssh -i "$DEPLOY_KEY_PATH" deploy@host',
    remediation: KEY_REMEDIATION,
    provider: "PKCS#12",
    credential: "keystore embedded as base64",
    severity: "critical",
    confidence: "medium",
    keywords: ["pfx", "p12", "pkcs12"],
    pattern:
      "(?:pfx|p12|pkcs12)[\\w.-]{0,24}?[\"']?[ \\t]{0,8}(?:=|:|:=|=>)[ \\t]{0,8}[\"'`]?(MII[A-Za-z0-9+/]{200,40000}={0,2})(?![A-Za-z0-9+/=])",
    flags: "i",
    minEntropy: 4,
    controls: ["SEC-KEY-01"],
    rotate: "https://learn.microsoft.com/azure/key-vault/certificates/about-certificates",
    note: "`.p12`/`.pfx` files themselves are binary and are flagged by name elsewhere; this rule finds them inlined as base64.",
    samples: {
      flag: ["CERTIFICATE_PFX_BASE64=MII{b64:300}"],
      ok: ["CERTIFICATE_PFX_PATH=./certs/server.pfx"],
    },
  }),
  prefixed({
    id: "secrets/kubeconfig-client-key-data",
    whyItMatters:
      "A private key in a repository lets anyone with read access impersonate its owner: sign commits, " +
      "releases or tokens, decrypt traffic or data, or log in wherever the public half is trusted. It stays " +
      "in git history after the file is deleted.",
    example:
      '# the key is mounted at run time from a secret store, never committed\nssh -i "$DEPLOY_KEY_PATH" deploy@host',
    remediation: KEY_REMEDIATION,
    provider: "Kubernetes (kubeconfig)",
    credential: "client key",
    severity: "critical",
    keywords: ["client-key-data"],
    pattern: "client-key-data:[ \\t]{0,8}[\"']?([A-Za-z0-9+/]{100,20000}={0,2})",
    minEntropy: 4,
    controls: ["SEC-KEY-01", "SEC-FILE-01"],
    rotate: "https://kubernetes.io/docs/reference/access-authn-authz/certificate-signing-requests/",
    samples: {
      flag: ["    client-key-data: LS0tLS1CRUdJTi{b64:200}"],
      ok: ["    client-key-data: {env:CLIENT_KEY_DATA}"],
    },
  }),
  prefixed({
    id: "secrets/kubernetes-service-account-token",
    provider: "Kubernetes",
    credential: "service account token",
    severity: "critical",
    keywords: ["eyj"],
    pattern: `(?<![A-Za-z0-9_-])(${JWT})(?![A-Za-z0-9_-])`,
    validate: (value) => {
      const parts = jwtParts(value);
      return parts !== undefined && isKubernetesServiceAccountToken(parts.payload);
    },
    rotate:
      "https://kubernetes.io/docs/concepts/security/service-accounts/#manual-secret-management-for-serviceaccounts",
    samples: { flag: ["token: {jwt:kubernetes}"], ok: ["token: {jwt:plain}"] },
  }),
  prefixed({
    id: "secrets/json-web-token",
    fallback: true,
    whyItMatters:
      "A signed JWT is a bearer credential until it expires: whoever holds it is the subject it names. " +
      "Service keys issued as long-lived JWTs (Supabase, Hasura, internal APIs) never expire.",
    example: `Authorization: Bearer \${ACCESS_TOKEN}`,
    provider: "JSON Web Token",
    credential: "signed token",
    severity: "med",
    confidence: "medium",
    reportInTestPaths: false,
    keywords: ["eyj"],
    pattern: `(?<![A-Za-z0-9_-])(${JWT})(?![A-Za-z0-9_-])`,
    validate: (value) => {
      const parts = jwtParts(value);
      return (
        parts !== undefined && parts.header.alg !== "none" && !isKubernetesServiceAccountToken(parts.payload)
      );
    },
    rotate: "https://datatracker.ietf.org/doc/html/rfc8725",
    note:
      "Reported only when the header decodes to JSON with an `alg` other than `none`. Long-lived JWTs " +
      "(Supabase service keys, API keys issued as JWTs) are bearer credentials; expired session tokens " +
      "in test data are not, so this rule is medium severity and does not look at test paths.",
    samples: {
      flag: ["Authorization: Bearer {jwt:plain}"],
      ok: [
        "Authorization: Bearer {jwt:none}",
        "token: eyJub3QiOiJqd3QifQ.eyJub3QiOiJqd3QifQ.c2lnbmF0dXJlLW5vdC1hLWp3dA",
      ],
    },
  }),
];
