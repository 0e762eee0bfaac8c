// Results computed from a tenant's data, kept while the data's fingerprint (PostureRepo.dataVersion)
// is unchanged and for at most `ttlMs`, so that answers which also depend on the clock (relative
// windows, images that age out) move on. Requests for one key share one computation; a failed
// computation is dropped so the next request tries again.
export interface FingerprintCache<T> {
  get(key: string, version: string, compute: () => Promise<T>): Promise<T>;
}

export function createFingerprintCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): FingerprintCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { version: string; at: number; value: Promise<T> }>();
  return {
    get(key, version, compute) {
      const cached = entries.get(key);
      if (cached && cached.version === version && now() - cached.at < options.ttlMs) return cached.value;
      const value = compute();
      // Re-inserted at the end: the first key of the map is then the least recently computed.
      entries.delete(key);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      const entry = { version, at: now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}
