// Language packages installed in an image: npm `node_modules/<name>/package.json`, Python
// `*.dist-info/METADATA` and `*.egg-info/PKG-INFO`, RubyGems `specifications/*.gemspec`. Which
// paths count lives here too, so the layer reader and the tests agree on it. Each keeps the
// licence its metadata states.
import { normalizeLicense } from "../sca/parsers/license.ts";
import { licenseOfClassifiers } from "./python-license-classifiers.ts";

export interface LanguagePackageInfo {
  name: string;
  version: string;
  license?: string;
}

const NODE_PACKAGE_JSON = /(?:^|\/)node_modules\/(?:@[^/]+\/)?[^/@][^/]*\/package\.json$/;
const PYTHON_METADATA = /(?:^|\/)(?:site|dist)-packages\/[^/]+\.dist-info\/METADATA$/;
const PYTHON_EGG_INFO = /(?:^|\/)(?:site|dist)-packages\/[^/]+\.egg-info(?:\/PKG-INFO)?$/;

export const isNodePackageJson = (path: string): boolean => NODE_PACKAGE_JSON.test(path);
export const isPythonMetadata = (path: string): boolean =>
  PYTHON_METADATA.test(path) || PYTHON_EGG_INFO.test(path);
/** RubyGems writes an installed gem's specification to `…/specifications/<name>-<version>.gemspec` (`default/` for the bundled ones). */
const GEM_SPECIFICATION = /(?:^|\/)specifications\/(?:default\/)?[^/]+\.gemspec$/;
export const isGemSpecification = (path: string): boolean => GEM_SPECIFICATION.test(path);

export function parseNodePackageJson(text: string): LanguagePackageInfo | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== "object" || json === null) return undefined;
  const { name, version, license, licenses } = json as Record<string, unknown>;
  if (typeof name !== "string" || typeof version !== "string" || name === "" || version === "") {
    return undefined;
  }
  const info: LanguagePackageInfo = { name, version };
  const declared = licenseText(license) ?? (Array.isArray(licenses) ? licenseList(licenses) : undefined);
  if (declared) info.license = declared;
  return info;
}

// `"MIT"`, or the deprecated `{type: "MIT"}` and `[{type: "MIT"}, …]` forms.
function licenseText(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  if (typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string") {
    return (value as { type: string }).type;
  }
  return undefined;
}

function licenseList(values: unknown[]): string | undefined {
  const names = values.map(licenseText).filter((name): name is string => name !== undefined);
  return names.length === 0 ? undefined : names.join(" OR ");
}

/** Core metadata headers (RFC 822) up to the first blank line; the body is the description. */
export function parsePythonMetadata(text: string): LanguagePackageInfo | undefined {
  const headers = new Map<string, string>();
  const classifiers: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === "") break;
    if (line.startsWith(" ") || line.startsWith("\t")) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "classifier" && value.startsWith("License ::")) classifiers.push(value);
    if (!headers.has(key)) headers.set(key, value);
  }
  const name = headers.get("name");
  const version = headers.get("version");
  if (!name || !version) return undefined;
  const info: LanguagePackageInfo = { name, version };
  const license = pythonLicense(headers, classifiers);
  if (license) info.license = license;
  return info;
}

/**
 * Metadata 2.4 `License-Expression` is SPDX. The older `License` is free text, often a whole
 * licence file or `UNKNOWN`: a short one that reads as SPDX is kept; otherwise the licence
 * classifiers, when each names one licence; otherwise a short `License` as written.
 */
function pythonLicense(headers: ReadonlyMap<string, string>, classifiers: readonly string[]) {
  const expression = headers.get("license-expression");
  if (expression) return expression;
  const free = headers.get("license");
  const short = free && free !== "UNKNOWN" && free.length <= 100 ? free : undefined;
  if (short && normalizeLicense(short).warning === undefined) return short;
  return licenseOfClassifiers(classifiers) ?? short;
}

/**
 * An installed gem's specification, as RubyGems writes it (`Gem::Specification#to_ruby`):
 * `s.name = "rack".freeze`, `s.version = "2.2.8"`, `s.licenses = ["MIT".freeze]`. It is Ruby, so
 * only those literal assignments are read; nothing is evaluated.
 */
export function parseGemSpecification(text: string): LanguagePackageInfo | undefined {
  const name = rubyString(/^\s*s\.name\s*=\s*(.+)$/m.exec(text)?.[1]);
  const version = rubyString(/^\s*s\.version\s*=\s*(.+)$/m.exec(text)?.[1]);
  if (!name || !version) return undefined;
  const info: LanguagePackageInfo = { name, version };
  const assigned = /^\s*s\.licenses?\s*=\s*(.+)$/m.exec(text)?.[1];
  const licenses = [...(assigned ?? "").matchAll(/"([^"\\]+)"|'([^'\\]+)'/g)].map(
    (match) => match[1] ?? match[2]!,
  );
  if (licenses.length > 0) info.license = licenses.join(" OR ");
  return info;
}

/** `"rack".freeze`, `'rack'`, `%q{rack}` or `Gem::Version.new("2.2.8")`: the first string literal. */
function rubyString(expression: string | undefined): string | undefined {
  if (expression === undefined) return undefined;
  const match = /"([^"\\]*)"|'([^'\\]*)'|%q\{([^}]*)\}/.exec(expression);
  const value = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim();
  return value === "" ? undefined : value;
}
