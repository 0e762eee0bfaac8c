// The package zip is deterministic (the same files give the same bytes, whatever the order they
// were given in), and a file that cannot be read ends the stream with an error instead of a
// truncated archive that looks complete.
import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { packageZip } from "./package-zip.ts";

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const lazy = (path: string, bytes: Buffer) => ({ path, size: bytes.length, read: async () => bytes });

describe("packageZip", () => {
  it("writes the same bytes for the same files in any order", async () => {
    const evidence = Buffer.from("evidence bytes\n".repeat(100));
    const one = await collect(
      packageZip(
        new Map([
          ["b.txt", Buffer.from("b")],
          ["a.txt", Buffer.from("a")],
        ]),
        [lazy("evidence/x/y.txt", evidence)],
      ),
    );
    const two = await collect(
      packageZip(
        new Map([
          ["a.txt", Buffer.from("a")],
          ["b.txt", Buffer.from("b")],
        ]),
        [lazy("evidence/x/y.txt", evidence)],
      ),
    );
    expect(one.equals(two)).toBe(true);
    // Entries in path order: the first local header names a.txt.
    expect(one.subarray(30, 35).toString()).toBe("a.txt");
  });

  it("fails the stream when a file cannot be read", async () => {
    const stream = packageZip(new Map([["a.txt", Buffer.from("a")]]), [
      {
        path: "evidence/gone.txt",
        size: 3,
        read: async () => {
          throw new Error("evidence store: ab/… does not match its hash");
        },
      },
    ]);
    await expect(collect(stream)).rejects.toThrow(/does not match its hash/);
  });

  it("fails the stream when a file is not the size the manifest lists", async () => {
    const stream = packageZip(new Map(), [
      { path: "e.txt", size: 10, read: async () => Buffer.from("short") },
    ]);
    await expect(collect(stream)).rejects.toThrow(/unexpected number of bytes/);
  });
});
