// A string kept in localStorage that components can subscribe to; changes in this tab and in
// other tabs re-render every reader. Storage that throws (disabled, private mode) reads as empty.
import { useCallback, useSyncExternalStore } from "react";

const CHANGE_EVENT = "rampart:stored-value";

export function readStoredValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStoredValue(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // The value then lives only until the page reloads; nothing else depends on persistence.
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function useStoredValue(key: string): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readStoredValue(key),
    () => null,
  );
  const setValue = useCallback((next: string | null) => writeStoredValue(key, next), [key]);
  return [value, setValue];
}
