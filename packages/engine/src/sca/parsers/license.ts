// Licence strings as lockfiles write them, normalised to SPDX ids or expressions. Known
// spellings are mapped; anything that is not valid SPDX afterwards is kept as written, with a warning.
import { createRequire } from "node:module";

interface Spdx {
  parse: typeof import("spdx-expression-parse");
  /** Every SPDX id, deprecated ones included, by its lower-case spelling. */
  byLowerCase: Map<string, string>;
}

// Required on the first licence string, not imported: the SPDX id lists and the expression parser
// were a third of what the sca analyzer loaded at start, and most manifests in a small scan (a
// requirements.txt, a package.json without `license`) never name a licence. CommonJS: sync.
let spdxTables: Spdx | undefined;
function spdx(): Spdx {
  if (spdxTables) return spdxTables;
  const require = createRequire(import.meta.url);
  const ids: string[] = require("spdx-license-ids/index.json");
  const deprecated: string[] = require("spdx-license-ids/deprecated.json");
  const byLowerCase = new Map<string, string>();
  for (const id of [...deprecated, ...ids]) byLowerCase.set(id.toLowerCase(), id);
  spdxTables = { parse: require("spdx-expression-parse") as Spdx["parse"], byLowerCase };
  return spdxTables;
}

// Spellings seen in package-lock.json, composer.lock and friends; keys are lower case, spaces squeezed.
const ALIASES: Record<string, string> = {
  "mit license": "MIT",
  "the mit license": "MIT",
  "mit/x11": "MIT",
  x11: "X11",
  expat: "MIT",
  "apache 2": "Apache-2.0",
  "apache 2.0": "Apache-2.0",
  "apache-2": "Apache-2.0",
  apache2: "Apache-2.0",
  "apache license 2.0": "Apache-2.0",
  "apache license, version 2.0": "Apache-2.0",
  "apache license version 2.0": "Apache-2.0",
  "apache software license": "Apache-2.0",
  "the apache software license, version 2.0": "Apache-2.0",
  "asl 2.0": "Apache-2.0",
  "bsd-2": "BSD-2-Clause",
  "bsd 2-clause": "BSD-2-Clause",
  "simplified bsd": "BSD-2-Clause",
  "bsd-3": "BSD-3-Clause",
  "bsd 3-clause": "BSD-3-Clause",
  "new bsd": "BSD-3-Clause",
  "new bsd license": "BSD-3-Clause",
  "modified bsd": "BSD-3-Clause",
  isc: "ISC",
  "isc license": "ISC",
  "gpl-2.0": "GPL-2.0-only",
  gplv2: "GPL-2.0-only",
  "gpl-2.0+": "GPL-2.0-or-later",
  "gpl-3.0": "GPL-3.0-only",
  gplv3: "GPL-3.0-only",
  "gpl-3.0+": "GPL-3.0-or-later",
  "lgpl-2.1": "LGPL-2.1-only",
  "lgpl-2.1+": "LGPL-2.1-or-later",
  "lgpl-3.0": "LGPL-3.0-only",
  "lgpl-3.0+": "LGPL-3.0-or-later",
  "agpl-3.0": "AGPL-3.0-only",
  "mpl 2.0": "MPL-2.0",
  "mozilla public license 2.0": "MPL-2.0",
  "public domain": "Unlicense",
  unlicense: "Unlicense",
  "the unlicense": "Unlicense",
  "cc0 1.0": "CC0-1.0",
  "eclipse public license 1.0": "EPL-1.0",
  "eclipse public license 2.0": "EPL-2.0",
};

// Names that stand for several SPDX licences; mapping them would invent a fact.
const AMBIGUOUS = new Set(["bsd", "gpl", "lgpl", "agpl", "apache", "bsd license", "gnu", "cc", "mpl"]);

export interface NormalizedLicense {
  spdx?: string;
  warning?: string;
}

function isValidExpression(expression: string): boolean {
  try {
    spdx().parse(expression);
    return true;
  } catch {
    return false;
  }
}

// Lockfiles repeat a handful of licence strings thousands of times, and SPDX parsing is not cheap.
const cache = new Map<string, NormalizedLicense>();

function normalizeOne(raw: string): NormalizedLicense {
  let result = cache.get(raw);
  if (result === undefined) {
    result = normalizeUncached(raw);
    if (cache.size < 10_000) cache.set(raw, result);
  }
  return result;
}

function normalizeUncached(raw: string): NormalizedLicense {
  const trimmed = raw.trim().replace(/\s+/g, " ");
  if (trimmed === "") return {};
  if (isValidExpression(trimmed)) return { spdx: trimmed };
  const lower = trimmed.toLowerCase();
  const { byLowerCase } = spdx();
  const mapped = ALIASES[lower] ?? byLowerCase.get(lower) ?? byLowerCase.get(lower.replace(/ /g, "-"));
  if (mapped !== undefined) return { spdx: mapped };
  // `MIT or Apache-2.0`, `(MIT and BSD-3-Clause)`: only the operators are in the wrong case.
  const upperOperators = trimmed.replace(/[^\s()]+/g, (token) =>
    /^(and|or|with)$/i.test(token) ? token.toUpperCase() : (byLowerCase.get(token.toLowerCase()) ?? token),
  );
  if (isValidExpression(upperOperators)) return { spdx: upperOperators };
  if (AMBIGUOUS.has(lower))
    return { spdx: trimmed, warning: `licence "${trimmed}" is ambiguous, kept as given` };
  return { spdx: trimmed, warning: `licence "${trimmed}" is not an SPDX id, kept as given` };
}

/** One licence string, or a list (composer: any of them applies, so they are joined with OR). */
export function normalizeLicense(raw: string | string[]): NormalizedLicense {
  const parts = (Array.isArray(raw) ? raw : [raw])
    .map(normalizeOne)
    .filter((part) => part.spdx !== undefined);
  if (parts.length === 0) return {};
  const warning = parts.find((part) => part.warning !== undefined)?.warning;
  const spdx =
    parts.length === 1
      ? parts[0]!.spdx!
      : parts.map((part) => (/\s/.test(part.spdx!) ? `(${part.spdx})` : part.spdx)).join(" OR ");
  return warning === undefined ? { spdx } : { spdx, warning };
}
