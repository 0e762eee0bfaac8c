// Session tokens: 160 random bits in the cookie, only their SHA-256 in the database.
import { createHash, randomBytes } from "node:crypto";

export const SESSION_COOKIE = "rampart_session";
/**
 * Over HTTPS the cookie carries the `__Host-` prefix: the browser then accepts it only with
 * Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite a session.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The cookie name that applies to a request: the prefixed one exactly when it came over HTTPS. */
export const sessionCookieName = (overHttps: boolean) => (overHttps ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export const newSessionToken = () => randomBytes(20).toString("base64url");

export const sessionIdOf = (token: string) => createHash("sha256").update(token).digest("hex");
