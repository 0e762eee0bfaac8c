// Control Status: every control with its passes, failures and compliance, filtered locally by
// category; a failure count opens the Control Detail modal.

import type { ControlStatusRow } from "@rampart/contracts/controls";
import { plural } from "@rampart/contracts/words";
import { useState } from "react";
import { FilterButtons } from "../../components/filter-buttons";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { ControlDetailModal } from "./control-detail-modal";

export const CONTROL_CATEGORIES = ["all", "iac", "pipeline", "env", "secrets"] as const;
export type ControlCategory = (typeof CONTROL_CATEGORIES)[number];

export function ControlStatusTable({ rows, tenantId }: { rows: ControlStatusRow[]; tenantId: string }) {
  const [category, setCategory] = useState<ControlCategory>("all");
  const [openControl, setOpenControl] = useState<ControlStatusRow | null>(null);
  const visible = category === "all" ? rows : rows.filter((row) => row.control.tags.includes(category));

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <CardTitle>Control Status</CardTitle>
          <Badge>SOC2 Type I · {plural(rows.length, "control")}</Badge>
        </div>
        <FilterButtons
          label="Control category"
          options={CONTROL_CATEGORIES}
          value={category}
          onChange={setCategory}
        />
      </CardHeader>
      <CardContent>
        {visible.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No controls found for the "{category}" category.
          </p>
        ) : (
          <Table aria-label="Control status">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Control</TableHead>
                <TableHead scope="col">Category</TableHead>
                <TableHead scope="col">Severity</TableHead>
                <TableHead scope="col">Passes</TableHead>
                <TableHead scope="col">Failures</TableHead>
                <TableHead scope="col">Compliance</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((row) => (
                <TableRow key={row.control.id}>
                  <TableCell>
                    <div className="font-mono text-xs text-muted-foreground">{row.control.code}</div>
                    <div className="font-medium">{row.control.title}</div>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      {row.control.tags.map((tag) => (
                        <Badge key={tag} variant="muted">
                          {tag}
                        </Badge>
                      ))}
                    </div>
                  </TableCell>
                  <TableCell>
                    <SeverityBadge severity={row.control.severity} />
                  </TableCell>
                  <TableCell className="tabular-nums text-success">{row.passes}</TableCell>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="tabular-nums text-danger"
                      disabled={row.failures === 0}
                      aria-label={`${plural(row.failures, "failure")} of ${row.control.code}`}
                      onClick={() => setOpenControl(row)}
                    >
                      {row.failures}
                    </Button>
                  </TableCell>
                  <TableCell className="min-w-36">
                    {row.evaluated ? (
                      <div className="flex items-center gap-2">
                        <Progress value={row.compliance} label={`${row.control.code} compliance`} />
                        <span className="w-10 text-right text-xs tabular-nums">
                          {Math.round(row.compliance)}%
                        </span>
                      </div>
                    ) : (
                      <span className="text-xs text-muted-foreground">Not evaluated</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ControlDetailModal row={openControl} tenantId={tenantId} onClose={() => setOpenControl(null)} />
    </Card>
  );
}
