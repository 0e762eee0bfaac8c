// Apply config (POST /api/env/apply-config): never a silent write. For each target environment it
// proposes, as a pull request through the code host (or the local fix remote), a change to the
// target's Terraform variables file that sets the chosen variables to the source's values; the
// answer says, per target, the pull request or why none was made, and each proposal is appended
// to the evidence ledger. The target's other settings and files are left as they are.
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
import { effectiveVariables, knownValue, setTfvars } from "./tfvars.ts";

type Result = ApplyConfigResponse["results"][number];
type KnownValue = Parameters<typeof setTfvars>[1] extends ReadonlyMap<string, infer V> ? V : never;

const MAX_VARFILE_BYTES = 1024 * 1024;

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
    const failed = (reason: string): Result => ({
      environmentId: target.id,
      status: "failed",
      pullRequest: null,
      reason,
    });
    const from = await deps.declared.evaluate(source);
    if (!from.ok) return failed(`${source.name}: ${from.reason}`);
    const to = await deps.declared.evaluate(target);
    if (!to.ok) return failed(`${target.name}: ${to.reason}`);
    if (from.source.kind !== "terraform" || to.source.kind !== "terraform")
      return failed("Apply config changes Terraform variables files; both environments must be Terraform");
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
          changes: [{ path: editedFile, content: after }],
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
              file: editedFile,
              variables: names,
              patchSha256: contentHash({ before, after }),
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
          reason: `Sets ${names.join(", ")} in ${editedFile}`,
        };
      });
    } catch (error) {
      if (!(error instanceof FixRemoteError)) throw error;
      deps.logger?.warn(
        { environmentId: target.id, error: error.message },
        "apply-config: code host refused",
      );
      return failed(error.safe ? error.message : "The code host could not create the pull request");
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
