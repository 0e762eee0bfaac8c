// 'Upload Provenance': pick a file or paste the JSON of a DSSE envelope or a Sigstore bundle; the
// server records it and says whether a key the tenant trusts signed it, which the dialog shows.
import type { Provenance } from "@rampart/contracts/attestations";
import { CheckCircle2, XCircle } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { serverErrorMessage } from "../../lib/api";
import { useUploadProvenance } from "./api/upload-provenance";

export const UPLOAD_FAILED_FALLBACK = "Unable to upload the provenance. Please try again.";

/** The pasted text as a JSON object, or why it is not one. */
export function parseEnvelopeText(
  text: string,
): { ok: true; envelope: Record<string, unknown> } | { ok: false; error: string } {
  if (!text.trim()) return { ok: false, error: "Paste or choose a DSSE envelope or Sigstore bundle" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: "This is not valid JSON" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: "Expected a JSON object (a DSSE envelope or Sigstore bundle)" };
  }
  return { ok: true, envelope: parsed as Record<string, unknown> };
}

function UploadResult({ result }: { result: Provenance }) {
  return result.verified ? (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-success/40 bg-success-muted p-3"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      <div className="text-sm">
        <p className="font-medium">Signature verified</p>
        <p className="break-all font-mono text-xs text-muted-foreground">Signed by {result.signatureRef}</p>
      </div>
    </div>
  ) : (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning-muted p-3"
    >
      <XCircle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <div className="text-sm">
        <p className="font-medium">Signature not verified</p>
        <p className="text-xs text-muted-foreground">
          {result.verificationError ?? "No key this organization trusts signed it."} The document was recorded
          as unverified.
        </p>
      </div>
    </div>
  );
}

export function UploadProvenanceDialog({
  tenantId,
  open,
  onOpenChange,
}: {
  tenantId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent>
          <UploadForm tenantId={tenantId} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function UploadForm({ tenantId }: { tenantId: string | null }) {
  const upload = useUploadProvenance(tenantId);
  const [text, setText] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const ids = { file: useId(), text: useId(), error: useId() };

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    setInputError(null);
    upload.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseEnvelopeText(text);
    if (!parsed.ok) {
      setInputError(parsed.error);
      return;
    }
    setInputError(null);
    upload.mutate(parsed.envelope);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Upload Provenance</DialogTitle>
        <DialogDescription>
          A DSSE envelope or a Sigstore bundle holding one. Its signature is checked against this
          organization's trusted keys and the instance key; it is recorded either way.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.file}>File</Label>
        <Input
          id={ids.file}
          type="file"
          accept=".json,.intoto.jsonl,.sigstore,application/json"
          onChange={(event) => void chooseFile(event)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.text}>Envelope JSON</Label>
        <Textarea
          id={ids.text}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInputError(null);
            upload.reset();
          }}
          aria-invalid={inputError ? true : undefined}
          aria-describedby={inputError ? ids.error : undefined}
          placeholder='{"payloadType": "application/vnd.in-toto+json", "payload": "…", "signatures": […]}'
          className="min-h-40 font-mono text-xs"
        />
        {inputError ? (
          <p id={ids.error} className="text-xs text-danger">
            {inputError}
          </p>
        ) : null}
      </div>
      {upload.isSuccess ? <UploadResult result={upload.data} /> : null}
      {upload.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(upload.error) ?? UPLOAD_FAILED_FALLBACK}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{upload.isSuccess ? "Close" : "Cancel"}</Button>
        </DialogClose>
        <Button type="submit" disabled={upload.isPending || tenantId === null}>
          {upload.isPending ? "Uploading..." : "Upload"}
        </Button>
      </DialogFooter>
    </form>
  );
}
