// The files the engine evaluates a declared state from: every Terraform or YAML file of the
// checked-out repository (a root module's local child modules and a Kustomize overlay's bases may
// live outside its folder), keyed by repository-relative path. Bounded: a repository that is mostly
// such files cannot make the server read without end, and symlinks never lead outside the checkout.
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface DeclaredFileLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_DECLARED_FILE_LIMITS: DeclaredFileLimits = {
  maxFiles: 5_000,
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
};

const TERRAFORM = /\.(tf|tfvars|tf\.json|tfvars\.json)$/;
const KUBERNETES = /\.(ya?ml|json)$/;
const SKIPPED_DIRECTORIES = new Set([".git", "node_modules", ".terraform"]);

export type DeclaredFiles = { ok: true; files: Map<string, string> } | { ok: false; reason: string };

export function readDeclaredFiles(
  root: string,
  kind: "terraform" | "kubernetes",
  limits: DeclaredFileLimits = DEFAULT_DECLARED_FILE_LIMITS,
): DeclaredFiles {
  const pattern = kind === "terraform" ? TERRAFORM : KUBERNETES;
  const files = new Map<string, string>();
  let total = 0;
  const pending = [""];
  while (pending.length > 0) {
    const relative = pending.pop()!;
    const entries = readdirSync(path.join(root, relative), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      // lstat: a symlink is neither followed nor read.
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) pending.push(child);
        continue;
      }
      if (!entry.isFile() || !pattern.test(entry.name)) continue;
      const size = lstatSync(path.join(root, child)).size;
      if (size > limits.maxFileBytes) continue;
      if (files.size >= limits.maxFiles)
        return { ok: false, reason: `The repository has more than ${limits.maxFiles} configuration files` };
      total += size;
      if (total > limits.maxTotalBytes)
        return {
          ok: false,
          reason: `The repository's configuration files exceed ${Math.round(limits.maxTotalBytes / 1048576)} MB`,
        };
      files.set(child, readFileSync(path.join(root, child), "utf8"));
    }
  }
  return { ok: true, files };
}

/**
 * A repository-relative folder or file as stored: forward slashes, no leading `./` or `/`, no
 * trailing slash, and never `..`. Undefined when it would leave the repository.
 */
export function normalizeRepositoryPath(raw: string): string | undefined {
  const trimmed = raw.trim().replaceAll("\\", "/");
  if (trimmed.startsWith("/")) return undefined;
  const parts = trimmed.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.some((part) => part === "..")) return undefined;
  return parts.join("/");
}
