// Risk acceptances waiting for a second person (four-eyes approval): who asked, for what and why,
// with an Approve button. The server refuses the requester's own approval, and says so.
import { Check } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { formatDate } from "../../lib/format-date";
import { useApproveWaiver, usePendingWaivers } from "./api/pending-waivers";

export function PendingWaivers({ tenantId }: { tenantId: string }) {
  const pending = usePendingWaivers(tenantId);
  const approve = useApproveWaiver(tenantId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waivers awaiting approval</CardTitle>
        <CardDescription>
          A waiver covers nothing until someone other than its author approves it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {pending.isError ? (
          <p className="text-sm text-danger">Unable to load the waivers awaiting approval.</p>
        ) : null}
        {pending.isSuccess && pending.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No waiver is waiting for approval.</p>
        ) : null}
        {pending.isSuccess && pending.data.length > 0 ? (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Rule</TableHead>
                <TableHead scope="col">Reason</TableHead>
                <TableHead scope="col">Requested by</TableHead>
                <TableHead scope="col">Requested</TableHead>
                <TableHead scope="col" className="text-right">
                  Actions
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {pending.data.map((waiver) => (
                <TableRow key={waiver.id}>
                  <TableCell className="font-mono text-xs">
                    {waiver.ruleId}
                    {waiver.pathPattern ? ` · ${waiver.pathPattern}` : ""}
                  </TableCell>
                  <TableCell>{waiver.reason}</TableCell>
                  <TableCell>{waiver.author}</TableCell>
                  <TableCell>{formatDate(waiver.createdAt)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={approve.isPending}
                      onClick={() => approve.mutate(waiver.id)}
                    >
                      <Check aria-hidden="true" />
                      Approve
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
