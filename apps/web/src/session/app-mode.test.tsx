import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { APP_MODE_STORAGE_KEY, parseAppMode, useAppMode } from "./app-mode";

describe("parseAppMode", () => {
  it("reads 'demo' as demo and anything else as live", () => {
    expect(parseAppMode("demo")).toBe("demo");
    expect(parseAppMode("live")).toBe("live");
    expect(parseAppMode(null)).toBe("live");
    expect(parseAppMode("")).toBe("live");
    expect(parseAppMode("DEMO")).toBe("live");
    expect(parseAppMode("garbage")).toBe("live");
  });
});

describe("useAppMode", () => {
  it("defaults to live and stores changes under app-mode", () => {
    const { result } = renderHook(() => useAppMode());
    expect(result.current[0]).toBe("live");
    act(() => result.current[1]("demo"));
    expect(result.current[0]).toBe("demo");
    expect(window.localStorage.getItem(APP_MODE_STORAGE_KEY)).toBe("demo");
  });

  it("treats an unknown stored value as live", () => {
    window.localStorage.setItem(APP_MODE_STORAGE_KEY, "staging");
    const { result } = renderHook(() => useAppMode());
    expect(result.current[0]).toBe("live");
  });

  it("updates every reader when one of them changes the mode", () => {
    const first = renderHook(() => useAppMode());
    const second = renderHook(() => useAppMode());
    act(() => first.result.current[1]("demo"));
    expect(second.result.current[0]).toBe("demo");
  });
});
