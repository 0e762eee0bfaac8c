// PostgreSQL cannot store U+0000 in text or jsonb: a request whose body, query or path holds one
// is refused here with the field's name, before any handler writes half of it. The walk also
// bounds nesting: it runs before authentication, so it is iterative (a recursive walk overflowed
// the stack on `{"a":` repeated 5,000 times) and refuses anything deeper than any route needs.
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";

/** Deeper than any document a route accepts (VEX and CycloneDX documents nest about ten levels). */
export const MAX_NESTING_DEPTH = 64;

export type RequestValueProblem = { kind: "nul"; path: string } | { kind: "too_deep"; path: string };

/**
 * The first string or key holding U+0000, or the first value nested deeper than `maxDepth`
 * (depth-first, in document order); undefined when the value is fine. Paths read `a.0.b`.
 */
export function findRequestValueProblem(
  value: unknown,
  maxDepth = MAX_NESTING_DEPTH,
): RequestValueProblem | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: "", depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path, depth } = next;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return { kind: "nul", path };
      continue;
    }
    const entries = childEntries(current);
    if (entries.length === 0) continue;
    if (depth >= maxDepth) return { kind: "too_deep", path };
    // Reversed onto the stack, so children are visited in document order.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return { kind: "nul", path: childPath };
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

function childEntries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item]);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.entries(value);
  return [];
}

const WHERE = { params: "path parameter", querystring: "query parameter", body: "field" } as const;

export function registerNulCharacterCheck(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const [where, value] of [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const) {
      const problem = findRequestValueProblem(value);
      if (problem?.kind === "too_deep")
        throw new AppError(
          "bad_request",
          `The request nests objects or arrays more than ${MAX_NESTING_DEPTH} levels deep`,
        );
      if (problem?.kind === "nul") {
        const field = problem.path ? `${problem.path}: ` : "";
        throw new AppError(
          "bad_request",
          `${field}the ${WHERE[where]} must not contain NUL (U+0000) characters`,
        );
      }
    }
  });
}
