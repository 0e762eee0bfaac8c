// What a command may touch of the process: two streams, the working folder and the environment.
// Passed in, so that commands are testable without spawning.

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdout: Output;
  stderr: Output;
  cwd: string;
  env: Record<string, string | undefined>;
}

export const EXIT_OK = 0;
/** `--fail-on` threshold reached by at least one finding that counts. */
export const EXIT_FINDINGS = 1;
/** Bad usage, unreadable config, or a scan that could not run. */
export const EXIT_ERROR = 2;
/** The scan ran but `--upload` could not deliver it (refused, unreachable). */
export const EXIT_UPLOAD = 3;

/** Errors a command reports as one line on stderr and exit code 2. */
export class UsageError extends Error {
  /** Several problems (invalid custom rules): one line each on stderr instead of the message. */
  readonly lines: readonly string[] | undefined;
  constructor(message: string, lines?: readonly string[]) {
    super(message);
    this.lines = lines;
  }
}

export function useColor(stream: Output, env: Io["env"]): boolean {
  return Boolean(stream.isTTY) && env.NO_COLOR === undefined && env.TERM !== "dumb";
}
