import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDirectoryLock, DataDirectoryLockedError } from "./lock.ts";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "rampart-lock-"));

describe("acquireDirectoryLock", () => {
  it("writes this process's pid and removes the lock on release", () => {
    const dir = freshDir();
    const release = acquireDirectoryLock(dir);
    expect(readFileSync(path.join(dir, "rampart.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, "rampart.lock"))).toBe(false);
  });

  it("refuses a directory held by a live process, naming it", async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(path.join(dir, "rampart.lock"), String(holder.pid));
      expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
      expect(() => acquireDirectoryLock(dir)).toThrow(new RegExp(`in use by process ${holder.pid}`));
    } finally {
      holder.kill();
    }
  });

  it("refuses a second lock within the same process", () => {
    const dir = freshDir();
    const release = acquireDirectoryLock(dir);
    try {
      expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
    } finally {
      release();
    }
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    writeFileSync(path.join(dir, "rampart.lock"), String(gone.pid));
    const release = acquireDirectoryLock(dir);
    expect(readFileSync(path.join(dir, "rampart.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
