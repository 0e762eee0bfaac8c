// Live or demo mode (spec part 1, §3-4): stored as `app-mode`; anything but "demo" means live.
import { useCallback } from "react";
import { useStoredValue } from "../lib/stored-value";

export type AppMode = "live" | "demo";

export const APP_MODE_STORAGE_KEY = "app-mode";

export function parseAppMode(stored: unknown): AppMode {
  return stored === "demo" ? "demo" : "live";
}

export function useAppMode(): [AppMode, (mode: AppMode) => void] {
  const [stored, setStored] = useStoredValue(APP_MODE_STORAGE_KEY);
  const setMode = useCallback((mode: AppMode) => setStored(mode), [setStored]);
  return [parseAppMode(stored), setMode];
}
