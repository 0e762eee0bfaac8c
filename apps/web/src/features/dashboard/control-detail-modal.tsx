// Control Detail modal: a control's failed checks (expandable, one open at a time, with the run's
// date, commit and a link to the code host when there is one) and its passed checks. A control the
// container image scan evidences (CTR-VUL-01) lists its images' vulnerabilities and clean images.
import type { ContainerFinding } from "@rampart/contracts/containers";
import type { ControlStatusRow } from "@rampart/contracts/controls";
import type { Finding } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { Markdown } from "../../components/markdown";
import { SeverityBadge } from "../../components/severity-badge";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format-date";
import { abbreviate } from "../../lib/run-labels";
import { useControlFindings } from "./api/get-control-findings";
import { ExpandableCheckRow, findingLocation, PassedCheckRow } from "./finding-row";

export const PASSED_CHECKS_SHOWN = 5;

function FailedCheck({ finding, open, onToggle }: { finding: Finding; open: boolean; onToggle: () => void }) {
  const link = finding.run.commitUrl;
  return (
    <ExpandableCheckRow
      where={findingLocation(finding)}
      what={finding.message}
      severity={finding.severity}
      open={open}
      onToggle={onToggle}
    >
      <div className="flex flex-col gap-3 p-3 text-sm">
        <div>
          <h4 className="font-medium">Issue Details</h4>
          <p className="text-muted-foreground">
            {finding.metadata.ruleTitle ? `${finding.metadata.ruleTitle}: ` : ""}
            {finding.message}
          </p>
          <p className="mt-1 font-mono text-xs text-subtle-foreground">{finding.ruleId}</p>
        </div>
        <div>
          <h4 className="font-medium">Remediation Guidance</h4>
          {finding.metadata.suggestion ? (
            <Markdown className="text-muted-foreground">{finding.metadata.suggestion}</Markdown>
          ) : (
            <p className="text-muted-foreground">No remediation guidance recorded for this check.</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>{finding.run.repo}</span>
          <span>{formatDateTime(finding.run.createdAt)}</span>
          <span>
            Commit <span className="font-mono">{abbreviate(finding.run.commitSha, 7)}</span>
          </span>
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-primary hover:underline"
            >
              View Commit
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          ) : null}
        </div>
      </div>
    </ExpandableCheckRow>
  );
}

/** What to do about an image's vulnerable package: the fixed version, or that none is known. */
export function imageRemediation(vulnerability: ContainerFinding): string {
  return vulnerability.fixedVersion
    ? `Upgrade ${vulnerability.packageName} to ${vulnerability.fixedVersion} or later (or rebuild on a base image that ships it).`
    : `No fixed version of ${vulnerability.packageName} is known yet.`;
}

/** A failed check of an image-scan control: one vulnerability of one current image. */
function FailedImageCheck({
  vulnerability,
  open,
  onToggle,
}: {
  vulnerability: ContainerFinding;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <ExpandableCheckRow
      where={vulnerability.imageRef}
      what={`${vulnerability.vulnerabilityId} in ${vulnerability.packageName} ${vulnerability.installedVersion ?? ""}`.trim()}
      severity={vulnerability.severity}
      open={open}
      onToggle={onToggle}
    >
      <div className="flex flex-col gap-3 p-3 text-sm">
        <div>
          <h4 className="font-medium">Issue Details</h4>
          <p className="text-muted-foreground">
            {vulnerability.summary ??
              `${vulnerability.vulnerabilityId} affects ${vulnerability.packageName}.`}
          </p>
        </div>
        <div>
          <h4 className="font-medium">Remediation Guidance</h4>
          <p className="text-muted-foreground">{imageRemediation(vulnerability)}</p>
        </div>
        <p className="text-xs text-muted-foreground">
          Image scanned {formatDateTime(vulnerability.scannedAt)}
        </p>
      </div>
    </ExpandableCheckRow>
  );
}

function ControlFindingsBody({ controlId, tenantId }: { controlId: string; tenantId: string }) {
  const query = useControlFindings(controlId, tenantId);
  const [openId, setOpenId] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading control details" className="flex flex-col gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        Failed to load control details. Please try again.
      </p>
    );
  }
  // The counts are the control's Control Status row, from the same server function; the lists
  // hold the checks behind them, the passed ones and very long failure lists cut short.
  const { findings, failures, passes, images } = query.data;
  const failed = findings.filter((finding) => finding.status === "fail");
  const passed = findings.filter((finding) => finding.status === "pass");
  // A control the image scan evidences lists image checks; others list findings.
  const failedListed = failed.length + images.vulnerabilities.length;
  const passedChecks = [
    ...passed.map((finding) => ({ id: finding.id, where: findingLocation(finding), what: finding.message })),
    ...images.clean.map((image) => ({
      id: image.id,
      where: image.imageRef,
      what: "No known vulnerabilities",
    })),
  ];
  const hiddenPassed = passes - Math.min(passedChecks.length, PASSED_CHECKS_SHOWN);
  const toggle = (id: string) => setOpenId(openId === id ? null : id);

  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-3 gap-3 text-center">
        {[
          ["Failed Checks", failures, "text-danger"],
          ["Passed Checks", passes, "text-success"],
          ["Total Findings", failures + passes, ""],
        ].map(([label, count, tone]) => (
          <div key={label} className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={`text-xl font-semibold tabular-nums ${tone}`}>{count}</dd>
          </div>
        ))}
      </dl>
      {failures + passes === 0 ? (
        <p className="text-sm text-muted-foreground">No findings recorded for this control yet.</p>
      ) : null}
      {failedListed > 0 ? (
        <section aria-label="Failed checks">
          <h3 className="mb-2 text-sm font-semibold">Failed Checks</h3>
          {failedListed < failures ? (
            <p className="mb-2 text-xs text-muted-foreground">
              The {failedListed} most severe of {failures} failed checks.
            </p>
          ) : null}
          <ul className="flex flex-col gap-2">
            {failed.map((finding) => (
              <FailedCheck
                key={finding.id}
                finding={finding}
                open={openId === finding.id}
                onToggle={() => toggle(finding.id)}
              />
            ))}
            {images.vulnerabilities.map((vulnerability) => (
              <FailedImageCheck
                key={vulnerability.id}
                vulnerability={vulnerability}
                open={openId === vulnerability.id}
                onToggle={() => toggle(vulnerability.id)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {passedChecks.length > 0 ? (
        <section aria-label="Passed checks">
          <h3 className="mb-2 text-sm font-semibold">Passed Checks</h3>
          <ul className="flex flex-col gap-1">
            {passedChecks.slice(0, PASSED_CHECKS_SHOWN).map((check) => (
              <PassedCheckRow key={check.id} where={check.where} what={check.what} />
            ))}
          </ul>
          {hiddenPassed > 0 ? (
            <p className="mt-2 text-xs text-muted-foreground">
              + {plural(hiddenPassed, "more passed check")}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function ControlDetailModal({
  row,
  tenantId,
  onClose,
}: {
  row: ControlStatusRow | null;
  tenantId: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {row ? (
        <DialogContent>
          <div className="flex flex-col gap-1.5">
            <div className="flex items-center gap-2">
              <span className="font-mono text-sm text-muted-foreground">{row.control.code}</span>
              <SeverityBadge severity={row.control.severity} />
            </div>
            <DialogTitle>{row.control.title}</DialogTitle>
            <DialogDescription>{row.control.description || "No description available."}</DialogDescription>
          </div>
          <ControlFindingsBody controlId={row.control.id} tenantId={tenantId} />
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
