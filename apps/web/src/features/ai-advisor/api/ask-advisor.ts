// POST /api/narrator/ask (spec: AI Security Advisor, "Chat stream"): the answer arrives as
// server-sent events, `data:` lines of JSON with a `content` field, ending with [DONE] or [ERROR].
// Each event is handed on as it arrives; a failure throws an Error whose message is one of the
// spec's ('Failed to get response', 'No response body', 'Streaming error occurred') or the
// server's own reason.
import type { AskStreamEvent } from "@rampart/contracts/advisor";
import { ApiError, serverErrorMessage } from "../../../lib/api";

export const FAILED_TO_GET_RESPONSE = "Failed to get response";
export const NO_RESPONSE_BODY = "No response body";
export const STREAMING_ERROR = "Streaming error occurred";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A new conversation id: 21 random URL-safe characters (nanoid's alphabet and length). */
export function newConversationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return Array.from(bytes, (byte) => ALPHABET[byte & 63]).join("");
}

export interface AskRequest {
  question: string;
  tenantId: string;
  conversationId: string;
  signal?: AbortSignal;
}

/** The `data:` payloads of one chunk of the stream; `rest` keeps a line cut between chunks. */
export function splitEvents(buffer: string): { events: string[]; rest: string } {
  const parts = buffer.split(/\r?\n\r?\n/);
  const rest = parts.pop() ?? "";
  const events = parts.flatMap((part) =>
    part
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice("data:".length).trimStart()),
  );
  return { events, rest };
}

/** Asks, calling `onEvent` for each event; resolves at [DONE], throws at [ERROR] or a failure. */
export async function askAdvisor(
  request: AskRequest,
  onEvent: (event: AskStreamEvent) => void,
): Promise<void> {
  const response = await fetch("/api/narrator/ask", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      question: request.question,
      tenantId: request.tenantId,
      conversationId: request.conversationId,
      stream: true,
    }),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new Error(
      serverErrorMessage(new ApiError(response.status, response.statusText, body)) ?? FAILED_TO_GET_RESPONSE,
    );
  }
  if (!response.body) throw new Error(NO_RESPONSE_BODY);

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let reason: string | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { events, rest } = splitEvents(buffer + value);
    buffer = rest;
    for (const data of events) {
      if (data === "[DONE]") return;
      if (data === "[ERROR]") throw new Error(reason ?? STREAMING_ERROR);
      const event = parseEvent(data);
      if (!event) continue;
      if (event.error) reason = event.error;
      onEvent(event);
    }
  }
  // The stream ended without its marker: the connection was cut.
  throw new Error(STREAMING_ERROR);
}

function parseEvent(data: string): AskStreamEvent | null {
  try {
    const parsed = JSON.parse(data) as AskStreamEvent;
    return typeof parsed === "object" && parsed !== null && typeof parsed.content === "string"
      ? parsed
      : null;
  } catch {
    return null;
  }
}
