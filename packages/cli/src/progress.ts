// A one-line progress indicator on stderr, redrawn in place; only on a terminal, so that logs
// and pipes get no control characters.
import type { ScanProgress } from "@rampart/engine/scan";
import type { Output } from "./io.ts";

/** Below this, a scan is over before a progress line helps. */
const SHOW_AFTER_MS = 500;

export function progressReporter(
  stream: Output,
): { update(progress: ScanProgress): void; done(): void } | undefined {
  if (!stream.isTTY) return undefined;
  const started = Date.now();
  let drawn = false;
  return {
    update(progress) {
      if (Date.now() - started < SHOW_AFTER_MS) return;
      const percent =
        progress.filesTotal === 0 ? 100 : Math.floor((progress.filesDone / progress.filesTotal) * 100);
      stream.write(`\r\x1b[2Kscanning: ${progress.filesDone}/${progress.filesTotal} files (${percent}%)`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write("\r\x1b[2K");
    },
  };
}
