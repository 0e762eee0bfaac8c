// `rampart rules`: the catalogue, as a table or as JSON.
import { ruleCatalogue } from "@rampart/engine/registry";
import { oneOf, parse } from "../args.ts";
import { EXIT_OK, type Io, UsageError } from "../io.ts";
import { loadRegistry } from "../registry-source.ts";

export async function rulesCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { format: { type: "string" } });
  if (positionals.length > 0) throw new UsageError("rules takes no path");
  const format = oneOf("format", values.format, ["table", "json"] as const, "table");
  const catalogue = ruleCatalogue((await loadRegistry(io)).analyzers);
  if (format === "json") {
    io.stdout.write(`${JSON.stringify(catalogue, null, 2)}\n`);
    return EXIT_OK;
  }
  const idWidth = Math.max(4, ...catalogue.map((rule) => rule.id.length));
  const lines = [`${"RULE".padEnd(idWidth)}  SEVERITY  FIX  TITLE`];
  for (const rule of catalogue) {
    lines.push(
      `${rule.id.padEnd(idWidth)}  ${rule.severity.padEnd(8)}  ${rule.fixable ? "yes" : "   "}  ${rule.title}`,
    );
  }
  lines.push("", `${catalogue.length} rules`);
  io.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
