// An exclusive lock file for a data directory, so a second process fails loudly instead of
// corrupting the embedded database. A lock left by a dead process is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirectoryLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${ownerPid}. ` +
        "Stop that process, or point DATA_DIR at another directory, or use DATABASE_URL for PostgreSQL.",
    );
    this.name = "DataDirectoryLockedError";
  }
}

export function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "rampart.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isAlive(ownerPid)) {
        throw new DataDirectoryLockedError(dataDir, ownerPid);
      }
      if (ownerPid === process.pid) throw new DataDirectoryLockedError(dataDir, ownerPid);
      unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new Error(`could not take the lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
