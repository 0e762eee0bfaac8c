// `rampart rules`: the catalogue, as a table (from the registry's outlines, no analyzer loaded) or
// as JSON (every rule's full metadata, docs included, so every analyzer is loaded).
import { ruleCatalogue } from "@rampart/engine/rule-catalogue";
import { engineRules } from "@rampart/engine/suppress";
import { oneOf, parse } from "../args.ts";
import { EXIT_OK, type Io, UsageError } from "../io.ts";
import { loadAllAnalyzers, loadRegistry } from "../registry-source.ts";

export async function rulesCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { format: { type: "string" } });
  if (positionals.length > 0) throw new UsageError("rules takes no path");
  const format = oneOf("format", values.format, ["table", "json"] as const, "table");
  const registry = await loadRegistry(io);
  if (format === "json") {
    const catalogue = ruleCatalogue(await loadAllAnalyzers(registry));
    io.stdout.write(`${JSON.stringify(catalogue, null, 2)}\n`);
    return EXIT_OK;
  }
  const catalogue = [...registry.entries.flatMap((entry) => entry.rules), ...engineRules];
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
