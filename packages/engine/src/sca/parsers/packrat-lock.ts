// packrat.lock (R's packrat, renv's predecessor): Debian-control-style stanzas separated by blank
// lines. The first holds `PackratFormat`; each other is one package with `Package`, `Source` and
// `Version`. `CRAN` packages are CRAN's, `Bioconductor` ones their own OSV ecosystem; `github`
// (and any other source) has no registry version and is skipped with a warning, as is a package
// whose stanza names no source (its registry cannot be told). `Requires` lists each package's
// dependencies, so a package nobody requires is taken for direct, the file's only hint of it.
import type { Ecosystem } from "../package.ts";
import {
  failure,
  type ManifestParser,
  MultiEcosystemCollector,
  splitLines,
  unrequiredNodes,
} from "./common.ts";

const ECOSYSTEM_BY_SOURCE: Readonly<Record<string, Ecosystem>> = {
  CRAN: "CRAN",
  Bioconductor: "Bioconductor",
};

interface Stanza {
  fields: Map<string, string>;
  /** 1-based line of each field's key. */
  lines: Map<string, number>;
  firstLine: number;
}

/** Stanzas of a DCF file; a line starting with whitespace continues the previous field. */
function readStanzas(text: string): Stanza[] {
  const stanzas: Stanza[] = [];
  let current: Stanza | undefined;
  let lastKey: string | undefined;
  splitLines(text).forEach((line, index) => {
    if (line.trim() === "") {
      current = undefined;
      return;
    }
    if (/^\s/.test(line) && current && lastKey !== undefined) {
      current.fields.set(lastKey, `${current.fields.get(lastKey)} ${line.trim()}`);
      return;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) return;
    if (!current) {
      current = { fields: new Map(), lines: new Map(), firstLine: index + 1 };
      stanzas.push(current);
    }
    lastKey = line.slice(0, colon).trim();
    current.fields.set(lastKey, line.slice(colon + 1).trim());
    current.lines.set(lastKey, index + 1);
  });
  return stanzas;
}

export const parsePackratLock: ManifestParser = (path, text) => {
  const stanzas = readStanzas(text);
  if (!stanzas[0]?.fields.has("PackratFormat"))
    return failure(path, "not a packrat.lock: no PackratFormat header");
  const packages = stanzas.slice(1).filter((stanza) => stanza.fields.has("Package"));
  const edges = new Map<string, string[]>();
  for (const stanza of packages) {
    const requires = stanza.fields.get("Requires") ?? "";
    edges.set(
      stanza.fields.get("Package")!,
      requires
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    );
  }
  const direct = unrequiredNodes(edges.keys(), edges);
  const collector = new MultiEcosystemCollector("CRAN", path);
  for (const stanza of packages) {
    const name = stanza.fields.get("Package")!;
    const version = stanza.fields.get("Version");
    const source = stanza.fields.get("Source");
    const ecosystem = source === undefined ? undefined : ECOSYSTEM_BY_SOURCE[source];
    if (ecosystem === undefined) {
      collector.warn(`${name}: ${source ?? "no"} source, skipped (no registry version)`);
      continue;
    }
    if (version === undefined || version === "") {
      collector.warn(`${name}: no Version, skipped`);
      continue;
    }
    collector.add(ecosystem, {
      name,
      version,
      direct: direct.has(name),
      dev: false,
      line: stanza.lines.get("Package") ?? stanza.firstLine,
    });
  }
  return collector.finish();
};
