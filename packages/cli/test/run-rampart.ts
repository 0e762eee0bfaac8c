// Runs the real `rampart` launcher in a child process, as a user does; for tests. The child gets
// this process's environment without RAMPART_REGISTRY (so the engine's own analyzers run) and
// without colour, plus `env`.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const LAUNCHER = fileURLToPath(new URL("../bin/rampart.mjs", import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { RAMPART_REGISTRY: _engineRegistry, ...inherited } = process.env;
  return { ...inherited, NO_COLOR: "1", ...env };
}

export function runRampart(
  cwd: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LAUNCHER, ...args], {
      cwd,
      env: childEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export function runRampartSync(cwd: string, args: readonly string[], env: Record<string, string> = {}): Run {
  const result = spawnSync(process.execPath, [LAUNCHER, ...args], {
    cwd,
    encoding: "utf8",
    env: childEnv(env),
    // `rampart rules --format json` is past spawnSync's default 1 MB with a thousand rules
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
