// The whole per-file pipeline on arbitrary files: every file is scanned or skipped, never lost,
// and the scan never throws.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeTree } from "../test/temp-tree.ts";
import { scan } from "./scan.ts";

const exampleRegistry = new URL("../test/example-registry.ts", import.meta.url).href;

describe("scan of arbitrary files (property)", () => {
  it("accounts for every file as scanned or skipped", async () => {
    const name = fc.stringMatching(/^[a-z0-9_]{1,12}\.(conf|yaml|json|tf|txt|png|bin)$/);
    const contents = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }),
      fc.string({ maxLength: 500 }).map((text) => Buffer.from(text)),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(name, contents, { minKeys: 1, maxKeys: 8 }), async (files) => {
        const tree = makeTree(files);
        try {
          const result = await scan(tree.root, {
            registryUrl: exampleRegistry,
            workers: 0,
            maxFileBytes: 2000,
          });
          expect(result.filesScanned + result.skipped.length).toBe(Object.keys(files).length);
          for (const run of result.analyzers)
            expect(["succeeded", "partial", "failed"]).toContain(run.status);
        } finally {
          tree.remove();
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
