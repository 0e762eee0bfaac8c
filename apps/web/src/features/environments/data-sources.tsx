// Data Sources (spec): the tenant's repositories, where declared states come from, and the cloud
// providers whose Terraform state backends an environment can read. Each Configure opens the
// selected environment's sources preset to that repository or provider.

import type { ObservedSourceKind } from "@rampart/contracts/environments";
import type { Repository } from "@rampart/contracts/repositories";
import { Cloud, GitBranch } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { OBSERVED_KINDS } from "./source-form";
import type { SourcesPreset } from "./sources-dialog";

const PROVIDERS = [
  { id: "aws", name: "AWS", description: "Terraform state in an S3 bucket" },
  { id: "gcp", name: "GCP", description: "Terraform state in a Cloud Storage bucket" },
  { id: "azure", name: "Azure", description: "Terraform state in a Blob Storage container" },
] as const;

function kindOf(provider: (typeof PROVIDERS)[number]["id"]): ObservedSourceKind {
  const entry = Object.entries(OBSERVED_KINDS).find(([, kind]) => kind.provider === provider);
  return entry![0] as ObservedSourceKind;
}

export function DataSources({
  repositories,
  environmentName,
  onConfigure,
}: {
  repositories: Repository[];
  /** The selected environment, which Configure sets up; null when there is none or it may not be changed. */
  environmentName: string | null;
  onConfigure: (preset: SourcesPreset) => void;
}) {
  const hint = environmentName ? `Configure ${environmentName}` : "Add an environment first";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Data Sources</CardTitle>
        <CardDescription>Where declared and running states are read from.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="github">
          <TabsList>
            <TabsTrigger value="github">GitHub</TabsTrigger>
            <TabsTrigger value="cloud">Cloud Providers</TabsTrigger>
          </TabsList>
          <TabsContent value="github">
            {repositories.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No repository is registered yet: add one under Policy Runs.
              </p>
            ) : (
              <ul aria-label="Source repositories" className="flex flex-col gap-2">
                {repositories.map((repository) => (
                  <li
                    key={repository.id}
                    className="flex items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <GitBranch className="size-4 shrink-0" aria-hidden="true" />
                      <span className="truncate">{repository.name}</span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={environmentName === null}
                      title={hint}
                      aria-label={`Configure ${repository.name}`}
                      onClick={() => onConfigure({ repositoryId: repository.id })}
                    >
                      Configure
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
          <TabsContent value="cloud">
            <ul aria-label="Cloud providers" className="grid gap-2 md:grid-cols-3">
              {PROVIDERS.map((provider) => (
                <li
                  key={provider.id}
                  className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm"
                >
                  <span className="flex items-center gap-2 font-medium">
                    <Cloud className="size-4" aria-hidden="true" />
                    {provider.name}
                  </span>
                  <span className="text-muted-foreground">{provider.description}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={environmentName === null}
                    title={hint}
                    aria-label={`Configure ${provider.name}`}
                    onClick={() => onConfigure({ observedKind: kindOf(provider.id) })}
                  >
                    Configure
                  </Button>
                </li>
              ))}
            </ul>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
