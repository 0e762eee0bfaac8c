// One compliance attestation bundle: short bundle hash, creation time, the anchor when one was
// really made, JSON and PDF downloads, and the decoded in-toto Statement behind 'View Bundle Contents'.
import type { Attestation } from "@rampart/contracts/attestations";
import { ChevronDown, ChevronRight, Download, FileCheck2, Link2 } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { formatDateTime } from "../../lib/format-date";
import { downloadAttestation } from "./api/download-attestation";

/** Spec: the attestation hash is shown as its first 16 characters plus an ellipsis. */
export function shortBundleHash(bundleHash: string): string {
  return `${bundleHash.slice(0, 16)}...`;
}

export function AttestationCard({ attestation }: { attestation: Attestation }) {
  const [open, setOpen] = useState(false);
  const contentsId = useId();
  const Chevron = open ? ChevronDown : ChevronRight;
  const hasContents = Object.keys(attestation.bundleData).length > 0;
  return (
    <li
      aria-label={`Attestation ${attestation.id.slice(0, 8)}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <FileCheck2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">Attestation Bundle</h3>
              {attestation.blockchainAnchor ? (
                <Badge variant="success">
                  <Link2 className="size-3" aria-hidden="true" />
                  Anchored
                </Badge>
              ) : null}
            </div>
            <p className="mt-1 font-mono text-xs text-subtle-foreground" title={attestation.bundleHash}>
              {shortBundleHash(attestation.bundleHash)}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(attestation.createdAt)}</p>
            {attestation.blockchainAnchor ? (
              <p className="mt-1 break-all font-mono text-xs text-muted-foreground">
                {attestation.blockchainAnchor}
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Download attestation ${attestation.id.slice(0, 8)} as JSON`}
            onClick={() => void downloadAttestation(attestation.id, "json")}
          >
            <Download aria-hidden="true" />
            JSON
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Download attestation ${attestation.id.slice(0, 8)} as PDF`}
            onClick={() => void downloadAttestation(attestation.id, "pdf")}
          >
            <Download aria-hidden="true" />
            PDF
          </Button>
        </div>
      </div>
      {hasContents ? (
        <>
          <div>
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={open ? contentsId : undefined}
              onClick={() => setOpen((value) => !value)}
            >
              <Chevron aria-hidden="true" />
              View Bundle Contents
            </Button>
          </div>
          {open ? (
            <pre
              id={contentsId}
              className="max-h-96 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs"
            >
              {JSON.stringify(attestation.bundleData, null, 2)}
            </pre>
          ) : null}
        </>
      ) : null}
    </li>
  );
}
