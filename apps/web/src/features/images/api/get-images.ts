// The tenant's uploaded images and their scan states (GET /api/tenants/{tenantId}/images), newest
// first. Polled while a scan is queued or running, so the page notices when it finishes.
import type { ContainerImage } from "@rampart/contracts/containers";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const IMAGE_POLL_MS = 2000;

export function imagesQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "images"] as const;
}

export const isScanning = (image: ContainerImage) => image.state === "queued" || image.state === "running";

export function useContainerImages(tenantId: string | null) {
  return useQuery({
    queryKey: imagesQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<ContainerImage[]>(imagesQueryKey(tenantId ?? ""), { signal }),
    enabled: tenantId !== null,
    refetchInterval: (query) => (query.state.data?.some(isScanning) ? IMAGE_POLL_MS : false),
  });
}
