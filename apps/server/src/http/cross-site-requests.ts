// Refuses cross-site requests that change state (CSRF). A browser lets any page send a "simple"
// POST (form fields or text/plain, with the cookies of a SameSite=Lax site when it is same-site),
// but it sends `application/json` cross-origin only after a CORS preflight, which this server never
// grants. So a state-changing request is accepted when the browser says it came from this origin
// (`Sec-Fetch-Site: same-origin`, or an `Origin` equal to ours) or, when the client says nothing
// about its origin (curl, the CLI), when its body is JSON. A request that names another origin or
// site is refused even with JSON. A request with `Authorization: Bearer` (an API token from CI) is
// not a browser's ambient credential: no page can make a browser send one cross-site without a
// preflight, so it passes whatever it says of its origin.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_SITE_REFUSED =
  "This request did not come from Rampart's own pages (its Origin or Sec-Fetch-Site names another site), so it was refused";
export const NO_ORIGIN_REFUSED =
  "A request that changes data must send Content-Type: application/json or come from Rampart's own pages";

export type OriginVerdict = "allowed" | "cross_site" | "no_proof";

/** The origin this request was addressed to, as a browser would write it in `Origin`. */
export function ownOrigin(request: Pick<FastifyRequest, "protocol" | "host">): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

/**
 * Decides on one request. `allowedOrigins` are the origins besides the request's own that may
 * send state-changing requests (the configured public URL, when a proxy rewrites `Host`).
 */
export function judgeRequestOrigin(
  request: {
    method: string;
    headers: Record<string, string | string[] | undefined>;
    protocol: "http" | "https";
    host: string;
  },
  allowedOrigins: readonly string[] = [],
): OriginVerdict {
  if (!STATE_CHANGING.has(request.method)) return "allowed";
  // Unlike Basic credentials, which a browser replays by itself, a bearer token is only ever set by
  // the caller's own code.
  if (/^Bearer /i.test(header(request.headers.authorization) ?? "")) return "allowed";
  const fetchSite = header(request.headers["sec-fetch-site"])?.toLowerCase();
  const origin = header(request.headers.origin);
  // "same-site" is refused too: a sibling subdomain is another origin and may be hostile.
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return "cross_site";
  if (origin !== undefined) {
    const normalised = normaliseOrigin(origin);
    const own = ownOrigin(request);
    const matches = normalised !== undefined && (normalised === own || allowedOrigins.includes(normalised));
    return matches ? "allowed" : "cross_site";
  }
  if (fetchSite === "same-origin") return "allowed";
  return isJson(header(request.headers["content-type"])) ? "allowed" : "no_proof";
}

/** `Origin: null` (sandboxed frames, some redirects) and anything unparsable name no origin of ours. */
function normaliseOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).origin;
  } catch {
    return undefined;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function registerCrossSiteRequestCheck(
  app: FastifyInstance,
  options: { publicUrl?: string | undefined },
) {
  const allowedOrigins = options.publicUrl ? [new URL(options.publicUrl).origin] : [];
  app.addHook("onRequest", async (request) => {
    const verdict = judgeRequestOrigin(request, allowedOrigins);
    if (verdict === "cross_site") throw new AppError("forbidden", CROSS_SITE_REFUSED);
    if (verdict === "no_proof") throw new AppError("forbidden", NO_ORIGIN_REFUSED);
  });
}
