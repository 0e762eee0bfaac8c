// Apply config (POST /api/env/apply-config): never a silent write. For each target environment it
// proposes, as a pull request through the code host (or the local fix remote), a change to the
// target's declared configuration: for Terraform its variables file, setting the chosen variables
// to the source's values; for Kubernetes its Kustomize overlay, patching its objects to the
// source's settings. The answer says, per target, the pull request or why none was made, and each
// proposal is appended to the evidence ledger. The target's other settings and files are left as
// they are.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ApplyConfigResponse } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import { contentHash } from "@rampart/ledger";
import type { FastifyBaseLogger } from "fastify";
import { type CodeHost, FixRemoteError } from "../code-host/code-host.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import type { FixesRepo } from "../fixes/fixes.repo.ts";
import { normalizeRepositoryPath } from "./declared-files.ts";
import type { DeclaredEvaluator } from "./declared-state.ts";
import type { EnvironmentRow } from "./environments.service.ts";
import { KUSTOMIZATION_FILES, nameAffixes, overlayPatch } from "./kustomize-patch.ts";
import { effectiveVariables, knownValue, setTfvars } from "./tfvars.ts";

type Result = ApplyConfigResponse["results"][number];
type Evaluated = Extract<Awaited<ReturnType<DeclaredEvaluator["evaluate"]>>, { ok: true }>;
type KnownValue = Parameters<typeof setTfvars>[1] extends ReadonlyMap<string, infer V> ? V : never;

const MAX_VARFILE_BYTES = 1024 * 1024;

/** A target no pull request could be made for, and why, in words for the user. */
const failedResult = (target: { id: string }, reason: string): Result => ({
  environmentId: target.id,
  status: "failed",
  pullRequest: null,
  reason,
});

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || "env";

/** A key of the request names a variable as `var.<name>` or `<name>`. */
const variableOfKey = (key: string) => (key.startsWith("var.") ? key.slice(4) : key);

export function createApplyConfig(deps: {
  db: Database;
  codeHost: Pick<CodeHost, "workspace" | "fixTarget">;
  declared: DeclaredEvaluator;
  fixesRepo: Pick<FixesRepo, "nextNumber">;
  ledger: Pick<LedgerService, "append">;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** Reads repository-relative files of a commit; null for one that is missing or too large. */
  async function readFiles(
    evaluation: Extract<Awaited<ReturnType<DeclaredEvaluator["evaluate"]>>, { ok: true }>,
    files: readonly string[],
  ): Promise<Map<string, string | null> | undefined> {
    const checkedOut = await deps.codeHost.workspace(evaluation.repository, evaluation.commitSha);
    if (!checkedOut.ok) return undefined;
    try {
      const result = new Map<string, string | null>();
      for (const file of files) {
        try {
          const text = readFileSync(path.join(checkedOut.workspace.root, file), "utf8");
          result.set(file, text.length > MAX_VARFILE_BYTES ? null : text);
        } catch {
          result.set(file, null);
        }
      }
      return result;
    } finally {
      checkedOut.workspace.dispose();
    }
  }

  async function applyTo(
    source: EnvironmentRow,
    target: EnvironmentRow,
    keys: string[] | undefined,
  ): Promise<Result> {
    const failed = (reason: string) => failedResult(target, reason);
    const from = await deps.declared.evaluate(source);
    if (!from.ok) return failed(`${source.name}: ${from.reason}`);
    const to = await deps.declared.evaluate(target);
    if (!to.ok) return failed(`${target.name}: ${to.reason}`);
    if (from.source.kind === "kubernetes" && to.source.kind === "kubernetes")
      return applyToOverlay(source, target, from, to, keys);
    if (from.source.kind !== "terraform" || to.source.kind !== "terraform")
      return failed(
        "Both environments must be Terraform, or both Kubernetes, to apply one's configuration to the other",
      );
    if (from.source.varFiles.length === 0)
      return failed(`${source.name} sets no variables: its declared state has no variables files`);

    const sourceFiles = await readFiles(from, from.source.varFiles);
    if (!sourceFiles) return failed(`The scanned commit of ${from.repository.name} could not be checked out`);
    const sourceTexts = from.source.varFiles.map((file) => sourceFiles.get(file) ?? null);
    if (sourceTexts.some((text) => text === null))
      return failed(`A variables file of ${source.name} is missing or too large`);
    const sourceValues = effectiveVariables(sourceTexts as string[]);
    if (!sourceValues) return failed(`A variables file of ${source.name} could not be read`);

    // The file edited: the target's last variables file (it wins), or terraform.tfvars, which
    // Terraform loads by itself, in the target's folder.
    const editedFile =
      to.source.varFiles.at(-1) ??
      normalizeRepositoryPath(`${to.source.path}/terraform.tfvars`) ??
      "terraform.tfvars";
    const targetFiles = await readFiles(to, [...new Set([...to.source.varFiles, editedFile])]);
    if (!targetFiles) return failed(`The scanned commit of ${to.repository.name} could not be checked out`);
    const targetTexts = to.source.varFiles.map((file) => targetFiles.get(file) ?? null);
    if (targetTexts.some((text) => text === null))
      return failed(`A variables file of ${target.name} is missing or too large`);
    const targetValues = effectiveVariables(targetTexts as string[]);
    if (!targetValues) return failed(`A variables file of ${target.name} could not be read`);

    const wanted = keys ? new Set(keys.map(variableOfKey)) : undefined;
    const changes = new Map<string, KnownValue>();
    for (const [name, value] of sourceValues) {
      if (wanted && !wanted.has(name)) continue;
      if (!knownValue(value)) continue; // an expression Rampart cannot evaluate is not copied
      const current = targetValues.get(name);
      if (current !== undefined && knownValue(current) && JSON.stringify(current) === JSON.stringify(value))
        continue;
      changes.set(name, value);
    }
    if (wanted) {
      const unknown = [...wanted].filter((name) => !sourceValues.has(name));
      if (unknown.length > 0 && changes.size === 0)
        return failed(`${source.name} does not set ${unknown.map((name) => `"${name}"`).join(", ")}`);
    }
    if (changes.size === 0)
      return {
        environmentId: target.id,
        status: "unchanged",
        pullRequest: null,
        reason: `${target.name} already has ${source.name}'s values`,
      };

    const before = targetFiles.get(editedFile) ?? "";
    const after = setTfvars(before, changes);
    const names = [...changes.keys()].sort();
    const title = `Apply ${source.name}'s configuration to ${target.name}`;
    const body = [
      `Rampart proposes this change so that **${target.name}** uses the values **${source.name}** declares.`,
      "",
      `Variables set in \`${editedFile}\`:`,
      "",
      ...names.map((name) => `- \`${name}\``),
      "",
      `Compared at ${from.repository.name}@${from.commitSha.slice(0, 12)} (${source.name}) and ${to.repository.name}@${to.commitSha.slice(0, 12)} (${target.name}). Review the plan before merging: nothing is applied until this pull request is merged and deployed.`,
    ].join("\n");
    return propose({
      source,
      target,
      to,
      title,
      body,
      changes: [{ path: editedFile, content: after }],
      evidence: { file: editedFile, variables: names, patchSha256: contentHash({ before, after }) },
      reason: `Sets ${names.join(", ")} in ${editedFile}`,
    });
  }

  /**
   * Kubernetes: strategic-merge patches in the target's Kustomize overlay that give its objects
   * the source's settings (kustomize-patch.ts).
   */
  async function applyToOverlay(
    source: EnvironmentRow,
    target: EnvironmentRow,
    from: Evaluated,
    to: Evaluated,
    keys: string[] | undefined,
  ): Promise<Result> {
    const failed = (reason: string) => failedResult(target, reason);
    const kustomizationOf = async (evaluated: Evaluated) => {
      const candidates = KUSTOMIZATION_FILES.map(
        (file) => normalizeRepositoryPath(`${evaluated.source.path}/${file}`) ?? file,
      );
      const read = await readFiles(evaluated, candidates);
      if (!read) return undefined;
      const found = candidates.find((file) => typeof read.get(file) === "string");
      return { path: found, text: found === undefined ? undefined : read.get(found)! };
    };
    const [sourceKustomization, targetKustomization] = [
      await kustomizationOf(from),
      await kustomizationOf(to),
    ];
    if (!sourceKustomization || !targetKustomization)
      return failed(`The scanned commit of ${to.repository.name} could not be checked out`);
    const kustomization = targetKustomization.path;
    if (!kustomization)
      return failed(
        `${target.name}'s declared state is not a Kustomize overlay: apply config writes patches into an overlay's kustomization`,
      );
    const patch = overlayPatch({
      source: from.state,
      target: to.state,
      overlay: to.source.path,
      kustomization: { path: kustomization, text: targetKustomization.text! },
      sourceAffixes: nameAffixes(sourceKustomization.text),
      sourceName: slug(source.name),
      ...(keys ? { keys } : {}),
    });
    if (patch && "error" in patch) return failed(patch.error);
    if (!patch)
      return {
        environmentId: target.id,
        status: "unchanged",
        pullRequest: null,
        reason: `${target.name} already has ${source.name}'s settings`,
      };
    const title = `Apply ${source.name}'s configuration to ${target.name}`;
    const body = [
      `Rampart proposes this change so that **${target.name}** uses the settings **${source.name}** declares.`,
      "",
      `Objects patched in the overlay \`${to.source.path || "/"}\`:`,
      "",
      ...patch.objects.map((object) => `- \`${object}\``),
      "",
      `Compared at ${from.repository.name}@${from.commitSha.slice(0, 12)} (${source.name}) and ${to.repository.name}@${to.commitSha.slice(0, 12)} (${target.name}). Review the rendered manifests before merging: nothing is applied until this pull request is merged and deployed.`,
    ].join("\n");
    return propose({
      source,
      target,
      to,
      title,
      body,
      changes: patch.files,
      evidence: {
        files: patch.files.map((file) => file.path),
        objects: patch.objects,
        patchSha256: contentHash(patch.files),
      },
      reason: `Patches ${patch.objects.join(", ")} in ${kustomization}`,
    });
  }

  /** Opens the pull request on the target's repository and records it in the ledger. */
  async function propose(input: {
    source: EnvironmentRow;
    target: EnvironmentRow;
    to: Evaluated;
    title: string;
    body: string;
    changes: { path: string; content: string }[];
    evidence: Record<string, unknown>;
    reason: string;
  }): Promise<Result> {
    const { source, target, to, title, body } = input;
    const at = now();
    try {
      const fixTarget = await deps.codeHost.fixTarget(to.repository);
      return await deps.db.transaction(async (tx) => {
        const number = await deps.fixesRepo.nextNumber(tx, target.tenantId);
        const branchName = `security/env/${slug(source.name)}-to-${slug(target.name)}-${number}`;
        const opened = await fixTarget.open({
          baseCommit: to.commitSha,
          branchName,
          title,
          body,
          changes: input.changes,
          at,
        });
        try {
          await deps.ledger.append(tx, {
            tenantId: target.tenantId,
            artifactType: "fix_pr",
            createdAt: at,
            content: {
              kind: "environment-apply-config",
              sourceEnvironmentId: source.id,
              sourceEnvironment: source.name,
              targetEnvironmentId: target.id,
              targetEnvironment: target.name,
              repositoryId: to.repository.id,
              repo: to.repository.name,
              number: opened.number ?? number,
              ...(opened.url ? { url: opened.url } : {}),
              status: "open",
              branchName,
              baseCommit: to.commitSha,
              headCommit: opened.headSha,
              ...input.evidence,
              createdAt: at.toISOString(),
            },
          });
        } catch (error) {
          await fixTarget.discard(branchName);
          throw error;
        }
        return {
          environmentId: target.id,
          status: "proposed" as const,
          pullRequest: { number: opened.number ?? number, url: opened.url },
          reason: input.reason,
        };
      });
    } catch (error) {
      if (!(error instanceof FixRemoteError)) throw error;
      deps.logger?.warn(
        { environmentId: target.id, error: error.message },
        "apply-config: code host refused",
      );
      return failedResult(
        target,
        error.safe ? error.message : "The code host could not create the pull request",
      );
    }
  }

  return {
    async apply(
      source: EnvironmentRow,
      targets: readonly EnvironmentRow[],
      keys: string[] | undefined,
    ): Promise<ApplyConfigResponse> {
      const results: Result[] = [];
      for (const target of targets) results.push(await applyTo(source, target, keys));
      return { appliedFrom: source.id, results };
    },
  };
}

export type ApplyConfig = ReturnType<typeof createApplyConfig>;
