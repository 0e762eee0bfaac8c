// Runs git as a child process with a timeout, without a shell, and with prompts disabled so a
// private URL fails at once instead of waiting for a password.
import { execFile } from "node:child_process";

export type GitResult = { ok: true; stdout: string } | { ok: false; error: string };

export function git(
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      "git",
      args,
      {
        cwd: options.cwd,
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", SSH_ASKPASS: "", LC_ALL: "C" },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, stdout: stdout.trim() });
        const detail = (stderr || error.message).trim().split("\n").filter(Boolean).at(-1) ?? "git failed";
        resolve({ ok: false, error: (error as { killed?: boolean }).killed ? "git timed out" : detail });
      },
    );
  });
}
