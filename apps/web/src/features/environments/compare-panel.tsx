// Compare and share config: the differences between this environment's evaluated configuration
// and another's (security-relevant keys first, as the server orders them), and a proposal that
// brings chosen keys of chosen targets to this environment's values (spec §5: a source and at
// least one target).
import type {
  ApplyConfigResponse,
  ConfigDifference,
  DriftStats,
  Environment,
} from "@rampart/contracts/environments";
import { plural } from "@rampart/contracts/words";
import { ExternalLink, GitPullRequest, ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { serverErrorMessage } from "../../lib/api";
import { useApplyConfig } from "./api/apply-config";
import { useEnvironmentComparison } from "./api/compare-environments";
import { CHANGE_LABELS, formatValue } from "./environment-labels";

function driftTotal(stats: DriftStats | null): string {
  if (!stats) return "not synced";
  return `${plural(stats.total, "finding")} (${stats.securityRelevant} security-relevant)`;
}

function DifferencesTable({
  differences,
  selected,
  onToggle,
  selectable,
}: {
  differences: ConfigDifference[];
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  selectable: boolean;
}) {
  return (
    <Table aria-label="Configuration differences">
      <TableHeader>
        <TableRow>
          {selectable ? (
            <TableHead scope="col">
              <span className="sr-only">Share</span>
            </TableHead>
          ) : null}
          <TableHead scope="col">Key</TableHead>
          <TableHead scope="col">Change</TableHead>
          <TableHead scope="col">This environment</TableHead>
          <TableHead scope="col">Target</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {differences.map((difference) => (
          <TableRow key={difference.key}>
            {selectable ? (
              <TableCell>
                <input
                  type="checkbox"
                  aria-label={`Share ${difference.key}`}
                  checked={selected.has(difference.key)}
                  onChange={() => onToggle(difference.key)}
                />
              </TableCell>
            ) : null}
            <TableCell className="break-all font-mono text-xs">
              {difference.key}
              {difference.securityRelevant ? (
                <ShieldAlert
                  role="img"
                  aria-label="Security-relevant"
                  className="ml-1 inline size-3.5 text-warning"
                />
              ) : null}
            </TableCell>
            <TableCell>
              <Badge variant="muted">{CHANGE_LABELS[difference.change]}</Badge>
            </TableCell>
            <TableCell
              className="max-w-56 truncate font-mono text-xs"
              title={formatValue(difference.sourceValue)}
            >
              {formatValue(difference.sourceValue)}
            </TableCell>
            <TableCell
              className="max-w-56 truncate font-mono text-xs"
              title={formatValue(difference.targetValue)}
            >
              {formatValue(difference.targetValue)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ApplyResults({
  response,
  environments,
}: {
  response: ApplyConfigResponse;
  environments: Environment[];
}) {
  const nameOf = (id: string) => environments.find((environment) => environment.id === id)?.name ?? id;
  return (
    <ul aria-label="Apply results" className="flex flex-col gap-2 text-sm">
      {response.results.map((result) => (
        <li
          key={result.environmentId}
          className="flex flex-wrap items-center gap-2 rounded-md border border-border p-3"
        >
          <span className="font-medium">{nameOf(result.environmentId)}</span>
          <Badge
            variant={
              result.status === "proposed" ? "success" : result.status === "failed" ? "danger" : "muted"
            }
          >
            {result.status}
          </Badge>
          {result.pullRequest ? (
            result.pullRequest.url ? (
              <a
                href={result.pullRequest.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-primary underline"
              >
                <GitPullRequest className="size-3.5" aria-hidden="true" />#{result.pullRequest.number}
                <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            ) : (
              <span className="inline-flex items-center gap-1">
                <GitPullRequest className="size-3.5" aria-hidden="true" />#{result.pullRequest.number}
              </span>
            )
          ) : null}
          {result.reason ? <span className="w-full text-muted-foreground">{result.reason}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function ComparePanel({
  source,
  environments,
  readOnly,
}: {
  source: Environment;
  environments: Environment[];
  readOnly: boolean;
}) {
  const others = environments.filter((environment) => environment.id !== source.id);
  const [chosenTargetId, setTargetId] = useState<string | null>(null);
  // A target deleted meanwhile is no longer chosen.
  const targetId = others.some((environment) => environment.id === chosenTargetId) ? chosenTargetId : null;
  const comparison = useEnvironmentComparison(source.id, targetId);
  const apply = useApplyConfig();
  // Keys left out of the share; everything differing is shared unless unticked.
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [extraTargets, setExtraTargets] = useState<ReadonlySet<string>>(new Set());
  const targetLabelId = useId();

  if (others.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Add another environment to compare its configuration with {source.name}.
      </p>
    );
  }

  const differences = comparison.data?.configComparison.differences ?? [];
  const targetName = others.find((environment) => environment.id === targetId)?.name ?? "";
  const selectedKeys = differences.map((difference) => difference.key).filter((key) => !excluded.has(key));
  const selected = new Set(selectedKeys);
  const targets = targetId ? [targetId, ...[...extraTargets].filter((id) => id !== targetId)] : [];

  function toggle(set: ReadonlySet<string>, key: string): Set<string> {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 md:w-72">
        <Label id={targetLabelId}>Compare with</Label>
        <Select
          value={targetId ?? ""}
          onValueChange={(value) => {
            setTargetId(value);
            setExcluded(new Set());
            apply.reset();
          }}
        >
          <SelectTrigger aria-labelledby={targetLabelId}>
            <SelectValue placeholder="Choose an environment" />
          </SelectTrigger>
          <SelectContent>
            {others.map((environment) => (
              <SelectItem key={environment.id} value={environment.id}>
                {environment.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {targetId === null ? null : comparison.isPending ? (
        <div role="status" aria-label="Loading comparison">
          <Skeleton className="h-24" />
        </div>
      ) : comparison.isError ? (
        <ErrorPanel
          title="Failed to Compare Environments"
          message={
            // The server says why when it could (e.g. a declared state not scanned yet).
            serverErrorMessage(comparison.error) ??
            "Unable to compare these environments. Please check your connection and try again."
          }
          onRetry={() => void comparison.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Drift: {source.name} {driftTotal(comparison.data.driftStats.source)} · {targetName}{" "}
            {driftTotal(comparison.data.driftStats.target)}
          </p>
          {differences.length === 0 ? (
            <EmptyState
              title="Same configuration"
              description="The evaluated configurations of both environments agree."
            />
          ) : (
            <>
              <DifferencesTable
                differences={differences}
                selected={selected}
                onToggle={(key) => setExcluded((current) => toggle(current, key))}
                selectable={!readOnly}
              />
              {readOnly ? null : (
                <section
                  aria-label="Share config"
                  className="flex flex-col gap-3 rounded-md border border-border p-4"
                >
                  <h3 className="font-semibold">Share config</h3>
                  <p className="text-sm text-muted-foreground">
                    Propose a pull request for each target that sets the chosen keys to {source.name}'s
                    values.
                  </p>
                  <fieldset className="flex flex-wrap gap-4 text-sm">
                    <legend className="sr-only">Targets</legend>
                    {others.map((environment) => (
                      <label key={environment.id} className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          checked={targets.includes(environment.id)}
                          disabled={environment.id === targetId}
                          onChange={() => setExtraTargets((current) => toggle(current, environment.id))}
                        />
                        {environment.name}
                      </label>
                    ))}
                  </fieldset>
                  <div>
                    <Button
                      disabled={targets.length === 0 || selectedKeys.length === 0 || apply.isPending}
                      onClick={() =>
                        apply.mutate({
                          sourceEnvId: source.id,
                          targetEnvIds: targets,
                          // All ticked: every key that differs, per target, as the server works it out.
                          ...(excluded.size > 0 ? { keys: selectedKeys } : {}),
                        })
                      }
                    >
                      <GitPullRequest aria-hidden="true" />
                      {apply.isPending ? "Applying..." : "Apply Configuration"}
                    </Button>
                  </div>
                  {apply.data ? <ApplyResults response={apply.data} environments={environments} /> : null}
                </section>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
