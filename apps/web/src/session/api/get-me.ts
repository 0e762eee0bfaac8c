// The signed-in user (GET /api/auth/me). Any failure means "signed out", silently (spec part 1, §8).
import type { User, UserResponse } from "@rampart/contracts/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";

export const meQueryKey = ["/api/auth/me"] as const;

export async function getMe(): Promise<User | null> {
  try {
    const response = await apiGet<UserResponse>(meQueryKey, { on401: "returnNull" });
    return response?.user ?? null;
  } catch {
    return null;
  }
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

export function useSession(): { user: User | null; isLoading: boolean } {
  const query = useQuery(meQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
