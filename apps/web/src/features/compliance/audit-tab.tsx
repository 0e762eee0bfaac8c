// The audit workspace (/compliance/audit): the signed audit package of a framework (Type I at a
// date, Type II over a window), reproducible samples of a population (the seed is recorded, so the
// same seed draws the same items again) and the tenant's own frameworks, imported from YAML or CSV
// and mapped requirement by requirement to Rampart's controls.
import type { AuditSample } from "@rampart/contracts/audit-workspace";
import { Download, FileUp } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { ErrorPanel } from "../../components/error-panel";
import { TextField } from "../../components/text-field";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { Textarea } from "../../components/ui/textarea";
import { serverErrorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDate, formatDateTime } from "../../lib/format-date";
import { auditPackageUrl } from "./api/download-audit-package";
import { useAuditSamples, useCreateSample } from "./api/draw-audit-samples";
import { type Framework, useFrameworks } from "./api/get-compliance";
import { useCustomFramework, useImportFramework, useMapRequirement } from "./api/import-custom-framework";
import { type AuditPeriod, INITIAL_PERIOD, periodQuery } from "./audit-period";
import type { ComplianceAbilities } from "./compliance-role";
import { NativeSelect } from "./native-select";
import { PeriodPicker } from "./period-picker";

type Population = AuditSample["population"];

const POPULATION_LABELS: Record<Population, string> = {
  runs: "Policy runs",
  "fix-pull-requests": "Fix pull requests",
  "evidence-submissions": "Evidence submissions",
  "policy-acknowledgements": "Policy acknowledgements",
  members: "Members",
};
const POPULATION_OPTIONS = (Object.keys(POPULATION_LABELS) as Population[]).map((value) => ({
  value,
  label: POPULATION_LABELS[value],
}));

function AuditPackageCard({ tenantId, frameworks }: { tenantId: string; frameworks: Framework[] }) {
  const [framework, setFramework] = useState(frameworks[0]?.id ?? "");
  const [period, setPeriod] = useState<AuditPeriod>(INITIAL_PERIOD);
  const query = periodQuery(period, new Date());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit package</CardTitle>
        <CardDescription>
          A signed zip of the framework's status, accepted evidence, policies and ledger, verified offline
          with <code className="font-mono text-xs">rampart verify</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <NativeSelect
            label="Package framework"
            value={framework}
            onChange={setFramework}
            options={frameworks.map((entry) => ({
              value: entry.id,
              label: `${entry.name} ${entry.version}`,
            }))}
            className="w-64"
          />
          <PeriodPicker period={period} onChange={setPeriod} />
        </div>
        {query && framework ? (
          <a
            href={auditPackageUrl(tenantId, framework, query)}
            // The page may have sat open since it rendered: "today" ends at the moment of the click.
            onClick={(event) => {
              const fresh = periodQuery(period, new Date());
              if (fresh) event.currentTarget.href = auditPackageUrl(tenantId, framework, fresh);
            }}
            download
            className={cn(buttonVariants({ variant: "default" }), "self-start")}
          >
            <Download aria-hidden="true" />
            Download audit package
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const dayEnd = (day: string) => `${day}T23:59:59.999Z`;

function SampleForm({ tenantId }: { tenantId: string }) {
  const create = useCreateSample(tenantId);
  const [population, setPopulation] = useState<Population>("runs");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [size, setSize] = useState("25");
  const [seed, setSeed] = useState("");
  const ids = { from: useId(), to: useId(), size: useId(), seed: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      population,
      windowStart: dayStart(from),
      windowEnd: dayEnd(to),
      size: Number(size),
      ...(seed.trim() ? { seed: seed.trim() } : {}),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Draw a sample" className="flex flex-col gap-3">
      <div className="grid gap-3 md:grid-cols-5">
        <NativeSelect
          label="Population"
          value={population}
          onChange={setPopulation}
          options={POPULATION_OPTIONS}
        />
        <TextField id={ids.from} label="Window start" type="date" required value={from} onChange={setFrom} />
        <TextField id={ids.to} label="Window end" type="date" required value={to} onChange={setTo} />
        <TextField
          id={ids.size}
          label="Sample size"
          type="number"
          min={1}
          max={500}
          required
          value={size}
          onChange={setSize}
        />
        <TextField
          id={ids.seed}
          label="Seed (optional)"
          pattern="[A-Za-z0-9_\-]{1,64}"
          maxLength={64}
          value={seed}
          onChange={setSeed}
        />
      </div>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? "Drawing..." : "Draw sample"}
      </Button>
      {create.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(create.error) ?? "The sample could not be drawn."}
        </p>
      ) : null}
    </form>
  );
}

function SampleList({ samples }: { samples: AuditSample[] }) {
  if (samples.length === 0) return <p className="text-sm text-muted-foreground">No samples drawn yet.</p>;
  return (
    <ul aria-label="Samples" className="flex flex-col gap-3">
      {samples.map((sample) => (
        <li key={sample.id} className="rounded-md border border-border p-3 text-sm">
          <p className="font-medium">
            {POPULATION_LABELS[sample.population]}: {sample.picks.length} of {sample.populationSize}
          </p>
          <p className="text-xs text-muted-foreground">
            {formatDate(sample.windowStart)} – {formatDate(sample.windowEnd)} · seed{" "}
            <code className="font-mono text-foreground">{sample.seed}</code> · drawn by{" "}
            {sample.createdBy?.email ?? "—"} on {formatDateTime(sample.createdAt)}
          </p>
          {sample.picks.length > 0 ? (
            <ol className="mt-2 list-decimal pl-5 text-xs">
              {sample.picks.map((pick) => (
                <li key={pick.id}>
                  {pick.label} <span className="text-muted-foreground">({formatDateTime(pick.at)})</span>
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function SamplesCard({ tenantId, canDraw }: { tenantId: string; canDraw: boolean }) {
  const samples = useAuditSamples(tenantId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Samples</CardTitle>
        <CardDescription>
          Items drawn at random from a population in a window. The seed is recorded: the same seed over the
          same population draws the same items.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {canDraw ? <SampleForm tenantId={tenantId} /> : null}
        {samples.isPending ? (
          <Skeleton className="h-24" />
        ) : samples.isError ? (
          <ErrorPanel
            title="Samples unavailable"
            message="Failed to load samples. Please try refreshing the page."
          />
        ) : (
          <SampleList samples={samples.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ImportFrameworkForm({ tenantId }: { tenantId: string }) {
  const importFramework = useImportFramework(tenantId);
  const [format, setFormat] = useState<"yaml" | "csv">("yaml");
  const [name, setName] = useState("");
  const [content, setContent] = useState("");
  const ids = { name: useId(), content: useId(), file: useId() };

  async function readFile(file: File | undefined) {
    if (!file) return;
    setContent(await file.text());
    if (/\.csv$/i.test(file.name)) setFormat("csv");
    if (/\.ya?ml$/i.test(file.name)) setFormat("yaml");
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    importFramework.mutate(
      { format, content, ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: () => {
          setContent("");
          setName("");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Import a framework" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <NativeSelect
          label="Format"
          value={format}
          onChange={setFormat}
          options={[
            { value: "yaml", label: "YAML" },
            { value: "csv", label: "CSV" },
          ]}
        />
        <TextField
          id={ids.name}
          label={format === "csv" ? "Name" : "Name (optional for YAML)"}
          required={format === "csv"}
          maxLength={200}
          value={name}
          onChange={setName}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.file}>Or choose a file</Label>
          <Input
            id={ids.file}
            type="file"
            accept=".yaml,.yml,.csv,text/csv,application/yaml"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.content}>Framework definition</Label>
        <Textarea
          id={ids.content}
          required
          maxLength={1_000_000}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          className="min-h-40 font-mono text-xs"
        />
      </div>
      <Button type="submit" className="self-start" disabled={importFramework.isPending || !content.trim()}>
        <FileUp aria-hidden="true" />
        {importFramework.isPending ? "Importing..." : "Import framework"}
      </Button>
      {importFramework.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(importFramework.error) ?? "The framework could not be imported."}
        </p>
      ) : null}
    </form>
  );
}

function parseCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

function RequirementMapping({
  tenantId,
  frameworkId,
  requirement,
  canMap,
}: {
  tenantId: string;
  frameworkId: string;
  requirement: { requirementId: string; title: string; controlCodes: string[] };
  canMap: boolean;
}) {
  const map = useMapRequirement(tenantId, frameworkId);
  const [codes, setCodes] = useState(requirement.controlCodes.join(", "));
  return (
    <TableRow>
      <TableCell className="font-mono text-xs">{requirement.requirementId}</TableCell>
      <TableCell>{requirement.title}</TableCell>
      <TableCell>
        {canMap ? (
          <form
            className="flex flex-col gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              map.mutate({ requirementId: requirement.requirementId, controlCodes: parseCodes(codes) });
            }}
          >
            <div className="flex gap-2">
              <Input
                aria-label={`Controls for ${requirement.requirementId}`}
                value={codes}
                onChange={(event) => setCodes(event.target.value)}
                className="font-mono text-xs"
              />
              <Button size="sm" type="submit" variant="outline" disabled={map.isPending}>
                Save
              </Button>
            </div>
            {map.isError ? (
              <p role="alert" className="text-xs text-danger">
                {serverErrorMessage(map.error) ?? "The mapping could not be saved."}
              </p>
            ) : null}
          </form>
        ) : (
          <span className="font-mono text-xs">{requirement.controlCodes.join(", ") || "—"}</span>
        )}
      </TableCell>
    </TableRow>
  );
}

function CustomFrameworksCard({
  tenantId,
  frameworks,
  isAdmin,
}: {
  tenantId: string;
  frameworks: Framework[];
  isAdmin: boolean;
}) {
  const custom = frameworks.filter((framework) => framework.custom);
  const [chosen, setChosen] = useState<string | null>(null);
  const frameworkId = custom.some((framework) => framework.id === chosen) ? chosen : (custom[0]?.id ?? null);
  const detail = useCustomFramework(tenantId, frameworkId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Custom frameworks</CardTitle>
        <CardDescription>
          Your own requirements, imported from YAML or CSV and mapped to Rampart's controls; they appear in
          the Overview's framework selector.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isAdmin ? <ImportFrameworkForm tenantId={tenantId} /> : null}
        {custom.length === 0 ? (
          <p className="text-sm text-muted-foreground">No custom frameworks yet.</p>
        ) : (
          <>
            <NativeSelect
              label="Custom framework"
              value={frameworkId ?? ""}
              onChange={setChosen}
              options={custom.map((framework) => ({ value: framework.id, label: framework.name }))}
              className="w-64"
            />
            {detail.isPending ? (
              <Skeleton className="h-24" />
            ) : detail.isError ? (
              <ErrorPanel
                title="Framework unavailable"
                message="Failed to load the framework's requirements."
              />
            ) : (
              <Table aria-label="Requirements">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Requirement</TableHead>
                    <TableHead scope="col">Title</TableHead>
                    <TableHead scope="col">Controls</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {detail.data.requirements.map((requirement) => (
                    <RequirementMapping
                      key={`${detail.data.framework.id}/${requirement.requirementId}`}
                      tenantId={tenantId}
                      frameworkId={detail.data.framework.id}
                      requirement={requirement}
                      canMap={isAdmin}
                    />
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function AuditTab({ tenantId, abilities }: { tenantId: string; abilities: ComplianceAbilities }) {
  const frameworks = useFrameworks(tenantId);
  return (
    <>
      {frameworks.isPending ? (
        <Skeleton className="h-32" />
      ) : frameworks.isError ? (
        <ErrorPanel
          title="Frameworks unavailable"
          message="Failed to load frameworks. Please try refreshing the page."
        />
      ) : (
        <>
          {/* The package covers the frameworks Rampart ships; a custom one has no package. */}
          <AuditPackageCard
            tenantId={tenantId}
            frameworks={frameworks.data.filter((entry) => !entry.custom)}
          />
          <CustomFrameworksCard
            tenantId={tenantId}
            frameworks={frameworks.data}
            isAdmin={abilities.isAdmin}
          />
        </>
      )}
      <SamplesCard tenantId={tenantId} canDraw={abilities.canAudit} />
    </>
  );
}
