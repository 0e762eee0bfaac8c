// Which repository the scan button scans: the user's last choice in this tenant (kept in
// localStorage per tenant, so a new visit does not fall back to the first, perhaps broken, one),
// else the first repository. A remembered repository that was removed since is forgotten.
import type { Repository } from "@rampart/contracts/repositories";
import { useStoredValue } from "../lib/stored-value";

export const chosenRepositoryKey = (tenantId: string) => `scan-repository:${tenantId}`;

export function useChosenRepository(
  tenantId: string,
  repositories: readonly Repository[],
): [string | null, (repositoryId: string) => void] {
  const [stored, setStored] = useStoredValue(chosenRepositoryKey(tenantId));
  const chosen = repositories.some((repository) => repository.id === stored)
    ? stored
    : (repositories[0]?.id ?? null);
  return [chosen, setStored];
}
