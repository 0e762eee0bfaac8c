import { describe, expect, it } from "vitest";
import { z } from "zod";
import { encodeOnce } from "./encode-once.ts";

describe("encodeOnce", () => {
  it("encodes through the schema, leaving out keys the schema does not name", () => {
    const value = { id: "a", secret: "x" } as { id: string };
    const schema = z.object({ id: z.string() });
    expect(encodeOnce(schema, value)).toBe('{"id":"a"}');
  });

  it("encodes each object once: a later change to the same object is not seen, a new object is", () => {
    const schema = z.object({ id: z.string() });
    const value = { id: "a" };
    expect(encodeOnce(schema, value)).toBe('{"id":"a"}');
    value.id = "b";
    expect(encodeOnce(schema, value)).toBe('{"id":"a"}');
    expect(encodeOnce(schema, { id: "b" })).toBe('{"id":"b"}');
  });

  it("refuses a value its schema does not accept, as the response serializer does", () => {
    expect(() => encodeOnce(z.object({ id: z.string() }), { id: 1 } as unknown as { id: string })).toThrow();
  });
});
