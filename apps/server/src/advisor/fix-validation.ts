// A fix a language model proposes is offered only once Rampart has checked it: the diff applies
// cleanly to the finding's file at the run's commit, the patched file still parses with the
// engine's parser for its kind, and a re-scan of the checkout with the patch applied no longer
// reports the finding and reports nothing new. The checkout is the fixes service's (local path,
// git URL, sample or connected code host); it is read, never written.

import type { Database } from "@rampart/db/client";
import { findings, policyRuns, repositories } from "@rampart/db/schema";
import { type Analyzer, analyzers as engineAnalyzers } from "@rampart/engine";
import { classify } from "@rampart/engine/classify";
import { SourceFile } from "@rampart/engine/source";
import { and, eq } from "drizzle-orm";
import type { AdvisoryStore } from "../advisories/advisory-store.ts";
import type { CodeHost } from "../code-host/code-host.ts";
import { applyFilePatch, parseUnifiedDiff } from "../fixes/apply-patch.ts";
import { workspaceReader } from "../fixes/fixes.service.ts";
import { verifyFix } from "../fixes/verify-fix.ts";

/** What a fix is checked against: the finding as its run recorded it. */
export interface FixTarget {
  tenantId: string;
  runId: string;
  fingerprint: string;
  filePath: string;
}

export type FixCheck = { ok: true } | { ok: false; reason: string };

/** The finding's file at the run's commit, and a check of a proposed diff against it. */
export interface FindingFile {
  content: string;
  check(diff: string): Promise<FixCheck>;
  dispose(): void;
}

export interface FixValidation {
  /** The file, or a reason it cannot be read (no checkout, file gone or too large). */
  open(target: FixTarget): Promise<{ ok: true; file: FindingFile } | { ok: false; reason: string }>;
}

/** Analyzers that read a structure from files of `kinds` (the secrets analyzer reads plain text). */
function structuredAnalyzers(kinds: readonly string[], list: readonly Analyzer[]): Analyzer[] {
  return list.filter(
    (analyzer) =>
      analyzer.accepts.some((kind) => kinds.includes(kind)) &&
      !analyzer.accepts.every((kind) => kind === "text"),
  );
}

/** The analyzers that parse `before` but not `after`: the patch broke the file for them. */
export async function brokenParsers(
  filePath: string,
  before: string,
  after: string,
  list: readonly Analyzer[] = engineAnalyzers,
): Promise<string[]> {
  const broken: string[] = [];
  for (const analyzer of structuredAnalyzers(classify(filePath, before), list)) {
    await analyzer.prepare?.();
    const parses = (text: string) => {
      try {
        const result = analyzer.parse(new SourceFile(filePath, text));
        if (result.ok) analyzer.dispose?.(result.model);
        return result.ok;
      } catch {
        return false;
      }
    };
    if (parses(before) && !parses(after)) broken.push(analyzer.id);
  }
  return broken;
}

export function createFixValidation(deps: {
  db: Database;
  codeHost: Pick<CodeHost, "workspace">;
  advisories: Pick<AdvisoryStore, "sourceFor">;
}): FixValidation {
  return {
    async open(target) {
      const [run] = await deps.db.select().from(policyRuns).where(eq(policyRuns.id, target.runId));
      if (!run || run.tenantId !== target.tenantId) return { ok: false, reason: "the run is gone" };
      const [repository] = await deps.db
        .select()
        .from(repositories)
        .where(eq(repositories.id, run.repositoryId));
      if (!repository) return { ok: false, reason: "the repository is gone" };
      const checkedOut = await deps.codeHost.workspace(repository, run.commitSha);
      if (!checkedOut.ok) return { ok: false, reason: "the scanned commit cannot be checked out" };
      const { workspace } = checkedOut;
      const content = workspaceReader(workspace.root)(target.filePath);
      if (content === null) {
        workspace.dispose();
        return { ok: false, reason: `${target.filePath} cannot be read at the scanned commit` };
      }

      async function check(diff: string): Promise<FixCheck> {
        let patches: ReturnType<typeof parseUnifiedDiff>;
        try {
          patches = parseUnifiedDiff(diff);
        } catch {
          return { ok: false, reason: "it is not a unified diff" };
        }
        if (patches.length !== 1 || patches[0]!.path.replace(/^\.\//, "") !== target.filePath)
          return { ok: false, reason: `it does not change ${target.filePath} alone` };
        const applied = applyFilePatch(content as string, patches[0]!);
        if (!applied.ok) return { ok: false, reason: `it does not apply cleanly (${applied.reason})` };
        if (applied.content === content) return { ok: false, reason: "it changes nothing" };
        const broken = await brokenParsers(target.filePath, content as string, applied.content);
        if (broken.length > 0)
          return { ok: false, reason: `the patched ${target.filePath} no longer parses` };
        const before = await deps.db
          .select({ fingerprint: findings.fingerprint })
          .from(findings)
          .where(and(eq(findings.runId, target.runId), eq(findings.status, "fail")));
        const verification = await verifyFix({
          workspaceRoot: workspace.root,
          changes: [{ path: target.filePath, before: content as string, after: applied.content }],
          fixedFingerprints: [target.fingerprint],
          before: new Set(before.map((row) => row.fingerprint)),
          advisories: deps.advisories,
        });
        if (verification.remaining.length > 0)
          return { ok: false, reason: "a re-scan with it applied still reports the finding" };
        if (verification.introduced > 0)
          return { ok: false, reason: "a re-scan with it applied reports new findings" };
        return { ok: true };
      }

      return { ok: true, file: { content, check, dispose: () => workspace.dispose() } };
    },
  };
}
