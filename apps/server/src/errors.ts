// The one error type of the API: a code, an HTTP status and a message safe to show a user.

export type ErrorCode =
  | "bad_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  /** An upload larger than its route accepts. */
  | "too_large"
  /** An upload of a type the route does not accept. */
  | "unsupported_media_type"
  | "rate_limited"
  | "internal"
  /** A service Rampart depends on (the code host) did not answer; the message says which. */
  | "unavailable";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
    this.status = STATUS[code];
  }
}

export const notFound = (what = "Not found") => new AppError("not_found", what);
export const forbidden = (why: string) => new AppError("forbidden", why);
