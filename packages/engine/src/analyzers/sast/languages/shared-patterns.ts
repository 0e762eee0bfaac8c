// Words shared by the pattern rules of every language.

/** Statements about secrets: the context in which weak hashing or randomness is a hazard. */
export const SECRET_CONTEXT =
  /pass(?:word|wd|phrase)?|pwd|secret|token|nonce|salt|otp|csrf|api_?key|apikey|credential|session_?id|sessionid|reset_?code|verification|signature|auth/i;

/** Names of variables and keys that hold credentials. */
export const CREDENTIAL_NAME =
  /^["']?(?:[\w$]*?[_-]?)?(?:password|passwd|pwd|passphrase|secret|secret_?key|api_?key|apikey|access_?key|private_?key|(?:crypto|encryption|cipher|signing|hmac|aes|master)_?key|auth_?token|access_?token|client_?secret|token|pw|bearer(?:_?token)?)["']?$/i;

/** Names that look like credentials but hold their metadata: a field name, a URL, a label. */
export const NOT_A_CREDENTIAL_NAME =
  /(?:url|uri|path|file|field|label|name|type|header|param|id|endpoint|prompt|message|msg|regex|pattern|length|len|hint|policy|placeholder|key_?id|env|var|column|expiry|expires|ttl)["']?$/i;

/** Literal values that are placeholders, not secrets. */
export const PLACEHOLDER_VALUE =
  /^["'`](?:|x+|\*+|\.+|changeme|change_?me|password|secret|token|your[-_ ]?\w+|<[^>]*>|\$\{[^}]*\}|%s|\{\{[^}]*\}\}|example\w*|dummy|test|todo|none|null|redacted|placeholder|[^"'`]*\s[^"'`]*|.{1,5})["'`]$/i;

/** The words a credential name contains: the prefilter of the hard-coded credential patterns. */
export const CREDENTIAL_WORDS =
  /pass(?:word|wd|phrase)?|pwd|pw\b|bearer|secret|token|api_?key|apikey|access_?key|private_?key|(?:crypto|encryption|cipher|signing|hmac|aes|master)_?key/i;
