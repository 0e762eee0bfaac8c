// SLSA Provenance: the provenance each scan run signs and any uploaded documents, with the Signed
// badge when a trusted signature verified, a Download of the document and 'Upload Provenance'.
import type { Provenance } from "@rampart/contracts/attestations";
import { Download, ShieldCheck, Upload } from "lucide-react";
import { useState } from "react";
import { ErrorPanel } from "../../components/error-panel";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDateTime } from "../../lib/format-date";
import { downloadProvenance } from "./api/download-provenance";
import { useProvenance } from "./api/get-provenance";
import { UploadProvenanceDialog } from "./upload-provenance-dialog";

function ProvenanceItem({ provenance }: { provenance: Provenance }) {
  return (
    <li
      aria-label={`Provenance ${provenance.id.slice(0, 8)}`}
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">Provenance Attestation</h3>
          {provenance.sigstoreBundle ? <Badge variant="success">Signed</Badge> : null}
          {provenance.source === "upload" ? <Badge variant="muted">Uploaded</Badge> : null}
        </div>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">Run</dt>
            <dd className="font-mono text-xs">{provenance.runId ? provenance.runId.slice(0, 8) : "—"}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Created</dt>
            <dd className="text-xs">{formatDateTime(provenance.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Signature</dt>
            <dd className="font-mono text-xs" title={provenance.signatureRef ?? undefined}>
              {provenance.signatureRef ? provenance.signatureRef.slice(0, 24) : "—"}
            </dd>
          </div>
        </dl>
        {!provenance.verified && provenance.verificationError ? (
          <p className="mt-2 text-xs text-warning">Not verified: {provenance.verificationError}</p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Download provenance ${provenance.id.slice(0, 8)}`}
        onClick={() => void downloadProvenance(provenance.id)}
      >
        <Download aria-hidden="true" />
        Download
      </Button>
    </li>
  );
}

export function ProvenanceSection({
  tenantId,
  tenantLoading,
}: {
  tenantId: string | null;
  tenantLoading: boolean;
}) {
  const provenance = useProvenance(tenantLoading ? null : tenantId);
  const [uploadOpen, setUploadOpen] = useState(false);
  const uploadButton = (
    <Button variant="outline" onClick={() => setUploadOpen(true)} disabled={tenantId === null}>
      <Upload aria-hidden="true" />
      Upload Provenance
    </Button>
  );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
            SLSA Provenance
          </CardTitle>
          <CardDescription>Supply chain provenance attestations (SLSA framework)</CardDescription>
        </div>
        {provenance.data && provenance.data.length > 0 ? uploadButton : null}
      </CardHeader>
      <CardContent>
        {tenantLoading || (tenantId !== null && provenance.isPending) ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading provenance attestations...
          </p>
        ) : provenance.isError ? (
          <ErrorPanel
            title="Failed to Load Provenance"
            message="Unable to retrieve provenance attestations. Please check your connection and try again."
            onRetry={() => void provenance.refetch()}
          />
        ) : !provenance.data || provenance.data.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-8 text-center">
            <p className="text-sm text-muted-foreground">
              SLSA provenance attestations will appear here when builds are signed
            </p>
            {uploadButton}
          </div>
        ) : (
          <ul aria-label="Provenance attestations" className="flex flex-col gap-3">
            {provenance.data.map((item) => (
              <ProvenanceItem key={item.id} provenance={item} />
            ))}
          </ul>
        )}
      </CardContent>
      <UploadProvenanceDialog tenantId={tenantId} open={uploadOpen} onOpenChange={setUploadOpen} />
    </Card>
  );
}
