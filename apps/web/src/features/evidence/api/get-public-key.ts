// The instance's evidence signing key (GET /api/evidence/public-key): auditors verify exports with it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

/** The contract's PublicKeyResponse (exported there as a schema only). */
export interface EvidencePublicKey {
  algorithm: "Ed25519";
  publicKeyPem: string;
  fingerprint: string;
  verifierKey: string;
}

export const publicKeyQueryKey = ["/api/evidence/public-key"] as const;

export const publicKeyQueryOptions = queryOptions({
  queryKey: publicKeyQueryKey,
  queryFn: ({ signal }) => apiGet<EvidencePublicKey>(publicKeyQueryKey, { signal }),
});

export function usePublicKey() {
  return useQuery(publicKeyQueryOptions);
}
