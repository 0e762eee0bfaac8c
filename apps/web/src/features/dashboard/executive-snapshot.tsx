// The CISO/executive snapshot: age of the analysis, posture, the three top risks (hidden when
// none), remediation and environments.
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ageLabel } from "../../lib/age-label";

export function ExecutiveSnapshot({ snapshot }: { snapshot: DashboardSummary["cisoSnapshot"] }) {
  const topRisks = snapshot.topRisks.slice(0, 3);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Executive Snapshot</CardTitle>
        <CardDescription>Updated {ageLabel(snapshot.lastUpdated)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm md:grid-cols-2">
        <div>
          <h3 className="mb-1 font-medium text-muted-foreground">Security Posture</h3>
          <p>{snapshot.postureAnalysis}</p>
        </div>
        {topRisks.length > 0 ? (
          <div>
            <h3 className="mb-1 font-medium text-muted-foreground">Top Risks</h3>
            <ul className="list-disc space-y-1 pl-5">
              {topRisks.map((risk) => (
                <li key={risk}>{risk}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h3 className="mb-1 font-medium text-muted-foreground">Remediation</h3>
          <p>{snapshot.remediationAnalysis}</p>
        </div>
        <div>
          <h3 className="mb-1 font-medium text-muted-foreground">Environments</h3>
          <p>{snapshot.environmentAnalysis}</p>
        </div>
      </CardContent>
    </Card>
  );
}
