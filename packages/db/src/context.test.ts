import { describe, expect, it } from "vitest";
import { currentDatabaseContext, withDatabaseContext } from "./context.ts";

/** Like a drizzle query: does its work only when someone calls `then`. */
function lazyQuery() {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, as drizzle's queries are
    then(resolve: (value: unknown) => void) {
      Promise.resolve().then(() => resolve(currentDatabaseContext()));
    },
  };
}

describe("withDatabaseContext", () => {
  it("runs a lazy query inside the context even when it is awaited outside", async () => {
    const seen = await withDatabaseContext({ kind: "tenant", tenantId: "t1" }, () => lazyQuery());
    expect(seen).toEqual({ kind: "tenant", tenantId: "t1" });
  });

  it("keeps the context across awaits of async work and leaves none behind", async () => {
    const seen = await withDatabaseContext({ kind: "user", userId: "u1" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentDatabaseContext();
    });
    expect(seen).toEqual({ kind: "user", userId: "u1" });
    expect(currentDatabaseContext()).toBeUndefined();
  });
});
