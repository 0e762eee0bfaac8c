// The one way the web app talks to the server (spec part 1, §7 and §8): cookie credentials on
// every call, and a non-OK answer becomes an Error reading "<status>: <body or status text>".

/** A path segment; the last one may be an object whose non-null entries become the query string. */
export type QuerySegment = string | number | Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export interface ReadOptions {
  /** Resolve to null instead of failing when the server answers 401. */
  on401?: "throw" | "returnNull";
  signal?: AbortSignal;
}

function isQueryObject(segment: unknown): segment is Record<string, unknown> {
  return typeof segment === "object" && segment !== null;
}

/** Joins segments with "/"; a trailing object turns into `?key=value` for each non-null entry. */
export function buildReadPath(segments: readonly unknown[]): string {
  const last = segments.at(-1);
  const pathSegments = isQueryObject(last) ? segments.slice(0, -1) : segments;
  const path = pathSegments.map(String).join("/");
  if (!isQueryObject(last)) return path;

  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(last)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => "");
  throw new ApiError(response.status, response.statusText, body);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET the path built from `segments` (the same array serves as the TanStack Query key). */
export function apiGet<T>(
  segments: readonly unknown[],
  options: ReadOptions & { on401: "returnNull" },
): Promise<T | null>;
export function apiGet<T>(segments: readonly unknown[], options?: ReadOptions): Promise<T>;
export async function apiGet<T>(segments: readonly unknown[], options: ReadOptions = {}): Promise<T | null> {
  const response = await fetch(buildReadPath(segments), {
    credentials: "include",
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.status === 401 && options.on401 === "returnNull") return null;
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** GET a file (an export, a bundle) as a Blob; failures throw ApiError like any other read. */
export async function apiGetBlob(segments: readonly unknown[]): Promise<Blob> {
  const response = await fetch(buildReadPath(segments), { credentials: "include" });
  await throwIfNotOk(response);
  return response.blob();
}

export type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** A write: JSON body and its content type only when there is a body. */
export async function apiSend<T>(method: WriteMethod, path: string, body?: unknown): Promise<T> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: "include",
    ...(hasBody ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {}),
  });
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** POSTs a file as the raw request body (an image tarball): no JSON, no multipart. */
export async function apiUpload<T>(path: string, file: Blob, contentType: string): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": contentType },
    body: file,
  });
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/**
 * The user-safe text of a failed call: the server's `{ "error": "…" }` field when the body carries
 * one, otherwise null so that the caller shows its own fallback.
 */
export function serverErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (isQueryObject(parsed) && typeof parsed.error === "string" && parsed.error.trim()) {
      return parsed.error;
    }
  } catch {
    // Not JSON: a proxy page or plain text is not a message meant for users.
  }
  return null;
}
