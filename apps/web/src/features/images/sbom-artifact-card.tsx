// One stored SBOM: repository, format, short hash, time, component count, a Download button
// (the CycloneDX JSON as sbom-{id prefix}.cdx.json) and an expandable component list.
import type { SbomArtifact } from "@rampart/contracts/sca";
import { ChevronDown, ChevronRight, Download } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { saveBlob } from "../../lib/browser";
import { formatDateTime } from "../../lib/format-date";
import { COMPONENTS_SHOWN, sbomBlob, sbomComponents, sbomFileName, shortHash } from "./sbom-rules";

function ComponentsTable({ artifact, id }: { artifact: SbomArtifact; id: string }) {
  const components = sbomComponents(artifact.sbomData);
  if (components.length === 0) {
    return (
      <p id={id} className="text-sm text-muted-foreground">
        This SBOM lists no components.
      </p>
    );
  }
  const shown = components.slice(0, COMPONENTS_SHOWN);
  const hidden = components.length - shown.length;
  return (
    <div id={id} className="flex flex-col gap-2">
      <Table aria-label={`Components of ${artifact.repo}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Version</TableHead>
            <TableHead>Package URL</TableHead>
            <TableHead>Licenses</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((component, index) => (
            <TableRow key={component.purl ?? `${component.name}-${index}`}>
              <TableCell className="font-medium">{component.name}</TableCell>
              <TableCell className="font-mono text-xs">{component.version ?? "—"}</TableCell>
              <TableCell className="break-all font-mono text-xs">{component.purl ?? "—"}</TableCell>
              <TableCell className="text-xs">
                {component.licenses.length > 0 ? component.licenses.join(", ") : "—"}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {hidden > 0 ? <p className="text-xs text-muted-foreground">+{hidden} more</p> : null}
    </div>
  );
}

export function SbomArtifactCard({ artifact }: { artifact: SbomArtifact }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <li
      aria-label={`SBOM of ${artifact.repo}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="break-all font-semibold">{artifact.repo}</h3>
            <Badge variant="muted">{artifact.format}</Badge>
          </div>
          <p className="mt-1 font-mono text-xs text-subtle-foreground" title={artifact.sbomHash}>
            {shortHash(artifact.sbomHash)}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => saveBlob(sbomBlob(artifact), sbomFileName(artifact))}
        >
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">Created</dt>
          <dd>{formatDateTime(artifact.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Components</dt>
          <dd className="tabular-nums">{artifact.componentCount}</dd>
        </div>
      </dl>
      <div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <Chevron aria-hidden="true" />
          View Components
        </Button>
      </div>
      {open ? <ComponentsTable artifact={artifact} id={listId} /> : null}
    </li>
  );
}
