// The shapes of an offline dependency upgrade: what is asked, the file edits that answer it, and
// the checks every ecosystem shares (a real upgrade, never a downgrade; a path inside the repo).
import { versionOrderFor } from "../osv/versions/index.ts";

export interface UpgradeRequest {
  ecosystem: "npm" | "PyPI" | "Go"; // OSV ecosystem names, as the sca parsers use
  name: string; // package name as in the lockfile
  installedVersion: string;
  fixedVersion: string; // the target version
  /** The lockfile or manifest the finding was reported in (repo-relative path), e.g. "package-lock.json", "requirements.txt", "go.mod". */
  filePath: string;
}

export interface FileChange {
  path: string;
  before: string;
  after: string;
}

export type UpgradePlan =
  | { ok: true; changes: FileChange[]; summary: string; notes: string[] }
  | { ok: false; reason: string };

/** Returns a file's text, or null when the file does not exist. */
export type ReadFile = (path: string) => string | null;

export function refuse(reason: string): UpgradePlan {
  return { ok: false, reason };
}

/**
 * Why the upgrade may not be planned (a version the ecosystem cannot read, or a target that is
 * not above the installed version), or undefined when it is a real upgrade.
 */
export function upgradeProblem(request: UpgradeRequest): string | undefined {
  const order = versionOrderFor(request.ecosystem);
  if (order === undefined) return `unsupported ecosystem ${request.ecosystem}`;
  const installed = order.parse(request.installedVersion);
  if (installed === undefined)
    return `installed version "${request.installedVersion}" is not a ${request.ecosystem} version`;
  const fixed = order.parse(request.fixedVersion);
  if (fixed === undefined)
    return `fixed version "${request.fixedVersion}" is not a ${request.ecosystem} version`;
  if (order.compare(fixed, installed) <= 0)
    return `${request.fixedVersion} is not above the installed ${request.installedVersion}: that would not be an upgrade`;
  return undefined;
}

/** The folder part of a repo-relative path ("" at the root), with a trailing slash when not empty. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash + 1);
}

export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** A change only when the text differs; an unchanged file is left out of the plan. */
export function changeOf(path: string, before: string, after: string): FileChange[] {
  return before === after ? [] : [{ path, before, after }];
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
