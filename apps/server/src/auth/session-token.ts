// Session tokens: 160 random bits in the cookie, only their SHA-256 in the database.
import { createHash, randomBytes } from "node:crypto";

export const SESSION_COOKIE = "rampart_session";

export const newSessionToken = () => randomBytes(20).toString("base64url");

export const sessionIdOf = (token: string) => createHash("sha256").update(token).digest("hex");
