// The Vulnerabilities tab of Container Security: the container findings of the tenant's images
// (image, base image, vulnerability, severity, CVSS, package, installed → fixed version), the
// uploads still being scanned or that failed, and an Upload Image button for members.
import type { ContainerFinding, ContainerImage } from "@rampart/contracts/containers";
import { useQueryClient } from "@tanstack/react-query";
import { Container, Upload } from "lucide-react";
import { type ChangeEvent, useEffect, useRef } from "react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { SeverityBadge } from "../../components/severity-badge";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { containerFindingsQueryKey, useContainerFindings } from "./api/get-container-findings";
import { isScanning, useContainerImages } from "./api/get-images";
import { sbomQueryKey } from "./api/get-sboms";
import { useUploadImage } from "./api/upload-image";

export const IMAGE_SAVE_COMMAND = "docker save my-app:1.0 -o my-app.tar";

function UploadImageButton({ tenantId }: { tenantId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage(tenantId);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (image) =>
        toast({ title: "Image Uploaded", description: `${image.imageRef} is being scanned.` }),
      onError: (error) =>
        toast({
          title: "Upload Failed",
          description: serverErrorMessage(error) ?? "Unable to upload the image. Please try again.",
          variant: "destructive",
        }),
    });
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".tar,.tar.gz,.tgz,application/x-tar,application/gzip"
        className="sr-only"
        aria-label="Image tarball"
        tabIndex={-1}
        onChange={choose}
      />
      <Button onClick={() => input.current?.click()} disabled={upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? "Uploading…" : "Upload Image"}
      </Button>
    </>
  );
}

/** Uploads without findings yet: being scanned, or failed with the reason. */
function PendingImages({ images }: { images: ContainerImage[] }) {
  const shown = images.filter((image) => image.state !== "completed");
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Image scans" className="flex flex-col gap-2">
      {shown.map((image) => (
        <li
          key={image.id}
          className="rounded-md border border-border bg-card px-4 py-2 text-sm"
          data-state={image.state}
        >
          {isScanning(image) ? (
            <span>
              Scanning <span className="font-mono">{image.imageRef}</span>…
            </span>
          ) : (
            <span className="text-danger">
              Scan of <span className="font-mono">{image.imageRef}</span> failed: {image.error}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function FindingsTable({ findings }: { findings: ContainerFinding[] }) {
  return (
    <Table aria-label="Container vulnerabilities">
      <TableHeader>
        <TableRow>
          <TableHead>Image</TableHead>
          <TableHead>Vulnerability</TableHead>
          <TableHead>Severity</TableHead>
          <TableHead>CVSS</TableHead>
          <TableHead>Package</TableHead>
          <TableHead>Installed → Fixed</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {findings.map((finding) => (
          <TableRow key={finding.id}>
            <TableCell>
              <div className="break-all font-mono text-xs">{finding.imageRef}</div>
              {finding.baseImage ? (
                <div className="break-all text-xs text-muted-foreground">FROM {finding.baseImage}</div>
              ) : null}
            </TableCell>
            <TableCell>
              <div className="font-mono text-xs">{finding.vulnerabilityId}</div>
              {finding.summary ? (
                <div className="text-xs text-muted-foreground">{finding.summary}</div>
              ) : null}
            </TableCell>
            <TableCell>
              <SeverityBadge severity={finding.severity} />
            </TableCell>
            <TableCell className="tabular-nums">
              {finding.cvssScore === null ? "—" : finding.cvssScore.toFixed(1)}
            </TableCell>
            <TableCell>
              <div className="font-mono text-xs">{finding.packageName}</div>
              <div className="text-xs text-muted-foreground">{finding.ecosystem}</div>
            </TableCell>
            <TableCell className="font-mono text-xs">
              {finding.installedVersion ?? "unknown"} →{" "}
              {finding.fixedVersion ?? <span className="font-sans text-muted-foreground">no fix yet</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ContainerVulnerabilities() {
  const { tenantId, tenant, isLoading: tenantLoading } = useCurrentTenant();
  const ready = tenantLoading ? null : tenantId;
  const findings = useContainerFindings(ready);
  const images = useContainerImages(ready);
  const queryClient = useQueryClient();
  const canUpload = tenant?.role === "admin" || tenant?.role === "member";

  // When the last running scan finishes, its findings and SBOM are new: fetch them.
  const scanning = images.data?.filter(isScanning).length ?? 0;
  const previous = useRef(scanning);
  useEffect(() => {
    if (previous.current > 0 && scanning === 0 && tenantId) {
      void queryClient.invalidateQueries({ queryKey: containerFindingsQueryKey(tenantId) });
      void queryClient.invalidateQueries({ queryKey: sbomQueryKey(tenantId) });
    }
    previous.current = scanning;
  }, [scanning, tenantId, queryClient]);

  if (tenantLoading || (tenantId !== null && findings.isPending)) {
    return (
      <div role="status" aria-label="Loading container vulnerabilities" className="flex flex-col gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (findings.isError) {
    return (
      <ErrorPanel
        title="Failed to Load Container Vulnerabilities"
        message="Unable to retrieve container findings. Please check your connection and try again."
        onRetry={() => void findings.refetch()}
      />
    );
  }
  const rows = findings.data ?? [];
  const uploads = images.data ?? [];
  const button = canUpload && tenantId ? <UploadImageButton tenantId={tenantId} /> : null;

  return (
    <div className="flex flex-col gap-4">
      {rows.length > 0 && button ? <div className="flex justify-end">{button}</div> : null}
      <PendingImages images={uploads} />
      {rows.length === 0 ? (
        <EmptyState
          icon={Container}
          title={
            uploads.some((image) => image.state === "completed")
              ? "No known vulnerabilities"
              : "No container images scanned yet"
          }
          description={
            uploads.some((image) => image.state === "completed") ? (
              "None of the packages in the scanned images is affected by an advisory in the store."
            ) : (
              <>
                Upload the tarball of <code>docker save</code> (or an OCI image layout as a tar) and Rampart
                lists the vulnerable OS and language packages in it. Create one with:
              </>
            )
          }
        >
          <div className="flex flex-col items-center gap-3">
            <code className="rounded-md border border-border bg-muted px-3 py-1.5 font-mono text-sm">
              {IMAGE_SAVE_COMMAND}
            </code>
            {button}
          </div>
        </EmptyState>
      ) : (
        <FindingsTable findings={rows} />
      )}
    </div>
  );
}
