// The process's logger (`npm start`, `npm run worker`): readable lines when a person watches a
// terminal, one JSON object per line when the output goes to a file, a pipe or a log collector,
// which parse JSON and would choke on colours. LOG_FORMAT overrides the guess either way.
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import type { Config } from "./config.ts";

export type LogFormat = "json" | "pretty";

/** A terminal gets readable lines; anything else JSON; LOG_FORMAT, when set, decides instead. */
export function chooseLogFormat(override: LogFormat | undefined, isTTY: boolean): LogFormat {
  return override ?? (isTTY ? "pretty" : "json");
}

/** Where the log goes: standard output unless a stream is given (tests). */
export interface LogOutput {
  isTTY: boolean;
  stream?: NodeJS.WritableStream;
}

export function createLogger(
  config: Pick<Config, "LOG_LEVEL" | "LOG_FORMAT">,
  output: LogOutput = { isTTY: process.stdout.isTTY === true },
): Logger {
  const options = { level: config.LOG_LEVEL };
  if (chooseLogFormat(config.LOG_FORMAT, output.isTTY) === "json") {
    return output.stream ? pino(options, output.stream) : pino(options);
  }
  // In this thread rather than as a transport (a worker thread): a terminal's log is small, and
  // writing synchronously keeps the last lines when shutdown calls process.exit.
  return pino(
    options,
    pretty({
      destination: output.stream ?? 1,
      sync: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      // A request's log line stays one line in the terminal, its details after the message.
      singleLine: true,
    }),
  );
}
