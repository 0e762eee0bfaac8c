// The message a failed environment call shows: the server's own words when it gave some, else the
// "<status>: <body>" text every failed call carries (spec §8: the toasts show the message).
import { serverErrorMessage } from "../../lib/api";

export function environmentErrorMessage(error: unknown): string {
  return serverErrorMessage(error) ?? (error instanceof Error ? error.message : "Unknown error");
}
