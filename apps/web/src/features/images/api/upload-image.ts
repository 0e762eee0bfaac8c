// 'Upload Image': sends a `docker save` or OCI image tarball as the request body
// (POST /api/tenants/{tenantId}/images?name=<file name>); the server answers 202 with the queued
// image and scans it as a job. The image list, its findings and the SBOMs are refreshed.
import type { ContainerImage } from "@rampart/contracts/containers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiUpload } from "../../../lib/api";
import { containerFindingsQueryKey } from "./get-container-findings";
import { imagesQueryKey } from "./get-images";
import { sbomQueryKey } from "./get-sboms";

/** gzip for `.tar.gz`/`.tgz`, else a plain tar (what `docker save -o app.tar` writes). */
export function imageContentType(fileName: string): string {
  return /\.(tgz|gz)$/i.test(fileName) ? "application/gzip" : "application/x-tar";
}

export function uploadImage(tenantId: string, file: File) {
  const query = new URLSearchParams({ name: file.name }).toString();
  return apiUpload<ContainerImage>(
    `/api/tenants/${tenantId}/images?${query}`,
    file,
    imageContentType(file.name),
  );
}

export function useUploadImage(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImage(tenantId ?? "", file),
    onSuccess: async () => {
      const id = tenantId ?? "";
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imagesQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: containerFindingsQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: sbomQueryKey(id) }),
      ]);
    },
  });
}
