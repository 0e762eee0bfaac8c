// One answer of the chat advisor as server-sent events (spec: AI Security Advisor, "Chat stream"):
// each `data:` line carries JSON with a `content` field (AskStreamEvent), and the stream ends with
// `data: [DONE]` or `data: [ERROR]`. Whatever the advisor does (throws, stops early, runs on,
// writes without end) the stream ends with one of the two markers and a message a user can read.
import type { AskStreamEvent, Citation } from "@rampart/contracts/advisor";
import type { AskInput, ChatAdvisor } from "./chat-types.ts";

export const DONE = "[DONE]";
export const ERROR = "[ERROR]";

export const ANSWER_FAILED = "The advisor failed to answer";
export const ANSWER_TOO_SLOW = "The advisor took too long to answer";
export const ANSWER_TOO_LONG = "The answer was too long";
export const ANSWER_CUT_SHORT = "The answer ended before it was complete";

export interface AnswerLimits {
  /** Longest whole answer, in characters. */
  maxCharacters: number;
  /** Most citations one answer keeps. */
  maxCitations: number;
  /** Longest time an answer may take, in milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = {
  maxCharacters: 32_000,
  maxCitations: 50,
  timeoutMs: 120_000,
};

export interface Answer {
  content: string;
  citations: Citation[];
  /** Who answered, when the answer was complete. */
  answeredBy: string | null;
  /** The reason in words when it was not; none when the client went away. */
  error: string | null;
  /** The client disconnected before the end. */
  abandoned: boolean;
}

/** One `data:` line and the blank line that ends its event. */
export function sseLine(data: AskStreamEvent | typeof DONE | typeof ERROR): string {
  return `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

/**
 * Runs `advisor.ask` and writes its events with `write`, ending with a marker. `clientGone`
 * aborts the advisor (a disconnect); the time limit aborts it too.
 */
export async function streamAnswer(options: {
  advisor: ChatAdvisor;
  input: Omit<AskInput, "signal">;
  write: (line: string) => void;
  clientGone: AbortSignal;
  limits?: AnswerLimits;
  onFailure?: (error: unknown) => void;
}): Promise<Answer> {
  const limits = options.limits ?? DEFAULT_ANSWER_LIMITS;
  const controller = new AbortController();
  const stop = (reason: string) => {
    if (!controller.signal.aborted) controller.abort(new Error(reason));
  };
  const onGone = () => stop("client disconnected");
  options.clientGone.addEventListener("abort", onGone);
  if (options.clientGone.aborted) onGone();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stop(ANSWER_TOO_SLOW);
  }, limits.timeoutMs);

  const answer: Answer = { content: "", citations: [], answeredBy: null, error: null, abandoned: false };
  const fail = (message: string) => {
    answer.error = message;
  };
  const iterator = options.advisor
    .ask({ ...options.input, signal: controller.signal })
    [Symbol.asyncIterator]();
  // An advisor that ignores its signal still cannot hold the stream open: the abort wins the race.
  const aborted = new Promise<"aborted">((resolve) => {
    if (controller.signal.aborted) resolve("aborted");
    controller.signal.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  let finished = false;
  try {
    for (;;) {
      const step = await Promise.race([iterator.next(), aborted]);
      if (step === "aborted") break;
      if (step.done) {
        finished = true;
        break;
      }
      const event = step.value;
      if (event.type === "content") {
        if (answer.content.length + event.content.length > limits.maxCharacters) {
          fail(ANSWER_TOO_LONG);
          break;
        }
        answer.content += event.content;
        if (event.content) options.write(sseLine({ content: event.content }));
      } else if (event.type === "citations") {
        const room = limits.maxCitations - answer.citations.length;
        const added = event.citations.slice(0, Math.max(room, 0));
        answer.citations.push(...added);
        if (added.length > 0) options.write(sseLine({ content: "", citations: added }));
      } else if (event.type === "done") {
        answer.answeredBy = event.answeredBy;
        break;
      } else {
        fail(event.message || ANSWER_FAILED);
        break;
      }
    }
  } catch (error) {
    // The advisor's own failure may carry a library's or the provider's words: never shown.
    finished = true;
    if (!controller.signal.aborted) {
      options.onFailure?.(error);
      fail(ANSWER_FAILED);
    }
  } finally {
    clearTimeout(timer);
    options.clientGone.removeEventListener("abort", onGone);
    // Stopped early: the advisor's generator runs its cleanup (and sees its signal aborted).
    if (!finished) {
      stop("answer ended");
      iterator.return?.()?.catch(() => {});
    }
  }

  if (options.clientGone.aborted) {
    answer.abandoned = true;
    answer.answeredBy = null;
    return answer;
  }
  if (timedOut && answer.answeredBy === null) fail(ANSWER_TOO_SLOW);
  else if (answer.answeredBy === null && answer.error === null) fail(ANSWER_CUT_SHORT);

  if (answer.error !== null) {
    answer.answeredBy = null;
    options.write(sseLine({ content: "", error: answer.error }));
    options.write(sseLine(ERROR));
  } else {
    options.write(sseLine({ content: "", answeredBy: answer.answeredBy ?? "" }));
    options.write(sseLine(DONE));
  }
  return answer;
}
