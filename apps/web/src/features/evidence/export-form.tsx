// The export form: from and to days (default the last 30 days through today, end day inclusive)
// and a format (JSON, or a readable PDF report); Export downloads the file.
import { FileDown } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { type ExportFormat, useExportEvidence } from "./api/export-evidence";
import { defaultExportRange } from "./export-range";

export function ExportForm({ tenantId }: { tenantId: string | null }) {
  const [range, setRange] = useState(() => defaultExportRange());
  const [format, setFormat] = useState<ExportFormat>("json");
  const exportEvidence = useExportEvidence();
  const ids = { from: useId(), to: useId(), format: useId(), error: useId() };
  const rangeError =
    !range.from || !range.to
      ? "Choose both days."
      : range.from > range.to
        ? "The from date must not be after the to date."
        : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Export Evidence</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (tenantId && !rangeError) exportEvidence.mutate({ tenantId, ...range, format });
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.from}>From</Label>
            <Input
              id={ids.from}
              type="date"
              className="w-44"
              value={range.from}
              max={range.to || undefined}
              aria-invalid={rangeError !== null}
              aria-describedby={rangeError ? ids.error : undefined}
              onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.to}>To</Label>
            <Input
              id={ids.to}
              type="date"
              className="w-44"
              value={range.to}
              min={range.from || undefined}
              aria-invalid={rangeError !== null}
              aria-describedby={rangeError ? ids.error : undefined}
              onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label id={ids.format}>Format</Label>
            <Select value={format} onValueChange={(value) => setFormat(value as ExportFormat)}>
              <SelectTrigger aria-labelledby={ids.format} className="w-28">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="json">JSON</SelectItem>
                <SelectItem value="pdf">PDF</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" disabled={!tenantId || rangeError !== null || exportEvidence.isPending}>
            <FileDown aria-hidden="true" />
            {exportEvidence.isPending ? "Exporting..." : "Export"}
          </Button>
          {rangeError ? (
            <p id={ids.error} className="w-full text-sm text-danger">
              {rangeError}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
