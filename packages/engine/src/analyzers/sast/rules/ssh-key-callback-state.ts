import { definePatternRule } from "../pattern-rule.ts";

export const sshKeyCallbackState = definePatternRule({
  hazard: "ssh-key-callback-state",
  category: "security",
  title: "SSH public-key callback stores the offered key for later",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [287],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Go: a function literal set as an `ssh.ServerConfig`'s `PublicKeyCallback` assigns its key parameter (or a value built from it, such as a fingerprint) to a variable, field, map entry or slice element it did not declare itself.",
    whyItMatters:
      'golang.org/x/crypto/ssh calls the callback for every public key the client offers, including keys it only queries and never signs with; the client proves it holds a private key later, and may finish with another key or method. State written by the callback can name a key the client does not hold (CVE-2024-45337): code that authorizes by "the last key seen" lets in whoever knows an authorized public key. x/crypto v0.31.0 narrowed the "last key" case; a set, map or field of offered keys is still not tied to the key that was proven.',
    remediation:
      "Return what the decision needs in the `*ssh.Permissions` (its `Extensions`), which the library hands back only for the key that authenticated, and read it from the connection (`conn.Permissions.Extensions`).",
    example:
      'PublicKeyCallback: func(conn ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {\n\tif !authorized[string(key.Marshal())] {\n\t\treturn nil, errUnknownKey\n\t}\n\treturn &ssh.Permissions{Extensions: map[string]string{"pubkey-fp": ssh.FingerprintSHA256(key)}}, nil\n},',
    references: [
      "https://pkg.go.dev/golang.org/x/crypto/ssh#ServerConfig",
      "https://pkg.go.dev/vuln/GO-2024-3321",
    ],
  },
});
