// Language packages installed in an image: npm `node_modules/<name>/package.json`, Python
// `*.dist-info/METADATA` and `*.egg-info/PKG-INFO`. Which paths count lives here too, so the
// layer reader and the tests agree on it.

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
  for (const line of text.split(/\r?\n/)) {
    if (line === "") break;
    if (line.startsWith(" ") || line.startsWith("\t")) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).toLowerCase();
    if (!headers.has(key)) headers.set(key, line.slice(colon + 1).trim());
  }
  const name = headers.get("name");
  const version = headers.get("version");
  if (!name || !version) return undefined;
  const info: LanguagePackageInfo = { name, version };
  // Metadata 2.4 `License-Expression` is SPDX; the older `License` is free text, often a whole
  // licence file or `UNKNOWN`, so only a short single value is kept.
  const license = headers.get("license-expression") ?? headers.get("license");
  if (license && license !== "UNKNOWN" && license.length <= 100) info.license = license;
  return info;
}
