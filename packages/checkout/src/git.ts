// Runs git as a child process: no shell, prompts off, a deadline, bounded output, and an
// environment that lets git speak only the protocols the caller allows. Every git child of the
// server goes through `gitEnvironment`, so no system or user configuration (url rewrites, LFS
// filters, proxies, credential helpers) can send it elsewhere.
import { spawn } from "node:child_process";
import type { GitProtocol } from "./git-location.ts";

export type GitResult =
  | { ok: true; stdout: string }
  | {
      ok: false;
      /** git's last line of error output, or why the command was stopped. */
      error: string;
      /** The tail of git's error output, for classifying the failure; never shown to users. */
      detail: string;
      timedOut: boolean;
      aborted?: string;
    };

export interface GitOptions {
  cwd?: string;
  timeoutMs?: number;
  /** Protocols git may use in this command (GIT_ALLOW_PROTOCOL); none by default. */
  protocols?: readonly GitProtocol[];
  /** Configuration given through GIT_CONFIG_COUNT, never on the command line. */
  config?: Readonly<Record<string, string>>;
  env?: Readonly<Record<string, string>>;
  input?: string;
  /** Called with each line of output instead of collecting it (for listings of any length). */
  onLine?: (line: string) => string | undefined;
  /** Polled while git runs; a returned text stops git and becomes the result's `aborted`. */
  watch?: () => string | undefined;
}

const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
const STDERR_TAIL_BYTES = 8 * 1024;
const WATCH_INTERVAL_MS = 250;

/** Variables that would let the parent's environment reroute git, or that name other config. */
function inheritedEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (key.startsWith("GIT_") || /^(https?|all|no|ftp)_proxy$/i.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/**
 * The environment of a git child: the allowed protocols both as GIT_ALLOW_PROTOCOL and as
 * `protocol.*.allow`, the system and global configuration ignored, prompts off, and `config`.
 */
export function gitEnvironment(
  protocols: readonly GitProtocol[],
  config: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const entries: [string, string][] = [
    ["protocol.allow", "never"],
    ...protocols.map((protocol): [string, string] => [`protocol.${protocol}.allow`, "always"]),
    ["credential.helper", ""],
    ["core.askPass", ""],
    ...Object.entries(config),
  ];
  const env: Record<string, string> = {
    ...inheritedEnvironment(),
    // An empty list still has to be said: unset, git would allow its defaults.
    GIT_ALLOW_PROTOCOL: protocols.length > 0 ? protocols.join(":") : "none",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "",
    SSH_ASKPASS: "",
    GIT_LFS_SKIP_SMUDGE: "1",
    LC_ALL: "C",
    GIT_CONFIG_COUNT: String(entries.length),
  };
  entries.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}

export function git(args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve) => {
    const child = spawn("git", args, {
      cwd: options.cwd,
      env: { ...gitEnvironment(options.protocols ?? [], options.config), ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stdoutBytes = 0;
    let pending = "";
    let stderr = "";
    let timedOut = false;
    let aborted: string | undefined;
    const stop = (why: string | undefined) => {
      if (why === undefined || aborted !== undefined) return;
      aborted = why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? 120_000);
    const watcher = options.watch ? setInterval(() => stop(options.watch?.()), WATCH_INTERVAL_MS) : undefined;

    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (options.onLine) {
        const lines = (pending + chunk).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) stop(options.onLine(line));
        return;
      }
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_OUTPUT_BYTES) stop("git printed more than expected");
      else stdout += chunk;
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    // A command that reads no input may exit before its stdin closes; that EPIPE is not an error.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input);

    child.on("error", (error) => {
      clearTimeout(timer);
      if (watcher) clearInterval(watcher);
      resolve({ ok: false, error: error.message, detail: error.message, timedOut: false });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (watcher) clearInterval(watcher);
      if (options.onLine && pending && aborted === undefined) stop(options.onLine(pending));
      if (code === 0 && !timedOut && aborted === undefined) {
        return resolve({ ok: true, stdout: stdout.trim() });
      }
      const detail = stderr.trim().split("\n").filter(Boolean).at(-1) ?? `git exited with ${code}`;
      resolve({
        ok: false,
        error: timedOut ? "git timed out" : (aborted ?? detail),
        timedOut,
        detail: stderr,
        ...(aborted !== undefined ? { aborted } : {}),
      });
    });
  });
}
