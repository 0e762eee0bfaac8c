// Trove licence classifiers (`Classifier: License :: …` in Python core metadata) and the SPDX id
// each one names. Only classifiers that name exactly one licence are here: "BSD License",
// "GNU Library or Lesser General Public License (LGPL)", "Public Domain" and the like stand for
// several, and mapping them would invent a fact.

const SPDX_BY_CLASSIFIER: Readonly<Record<string, string>> = {
  "MIT License": "MIT",
  "MIT No Attribution License (MIT-0)": "MIT-0",
  "Apache Software License": "Apache-2.0",
  "ISC License (ISCL)": "ISC",
  "Python Software Foundation License": "PSF-2.0",
  "Mozilla Public License 1.1 (MPL 1.1)": "MPL-1.1",
  "Mozilla Public License 2.0 (MPL 2.0)": "MPL-2.0",
  "GNU General Public License v2 (GPLv2)": "GPL-2.0-only",
  "GNU General Public License v2 or later (GPLv2+)": "GPL-2.0-or-later",
  "GNU General Public License v3 (GPLv3)": "GPL-3.0-only",
  "GNU General Public License v3 or later (GPLv3+)": "GPL-3.0-or-later",
  "GNU Lesser General Public License v2 (LGPLv2)": "LGPL-2.0-only",
  "GNU Lesser General Public License v2 or later (LGPLv2+)": "LGPL-2.0-or-later",
  "GNU Lesser General Public License v3 (LGPLv3)": "LGPL-3.0-only",
  "GNU Lesser General Public License v3 or later (LGPLv3+)": "LGPL-3.0-or-later",
  "GNU Affero General Public License v3": "AGPL-3.0-only",
  "GNU Affero General Public License v3 or later (AGPLv3+)": "AGPL-3.0-or-later",
  "Eclipse Public License 1.0 (EPL-1.0)": "EPL-1.0",
  "Eclipse Public License 2.0 (EPL-2.0)": "EPL-2.0",
  "European Union Public Licence 1.2 (EUPL 1.2)": "EUPL-1.2",
  "Boost Software License 1.0 (BSL-1.0)": "BSL-1.0",
  "The Unlicense (Unlicense)": "Unlicense",
  "zlib/libpng License": "Zlib",
  "Universal Permissive License (UPL)": "UPL-1.0",
  "Historical Permission Notice and Disclaimer (HPND)": "HPND",
  "PostgreSQL License": "PostgreSQL",
  "CC0 1.0 Universal (CC0 1.0) Public Domain Dedication": "CC0-1.0",
};

/**
 * The SPDX expression the licence classifiers state (several: the package may be used under any
 * of them), or undefined when one of them names no single licence.
 */
export function licenseOfClassifiers(classifiers: readonly string[]): string | undefined {
  const ids: string[] = [];
  for (const classifier of classifiers) {
    const name = classifier
      .replace(/^License\s*::\s*/, "")
      .replace(/^OSI Approved\s*::\s*/, "")
      .trim();
    if (name === "OSI Approved") continue; // the bare category adds nothing
    const id = SPDX_BY_CLASSIFIER[name];
    if (id === undefined) return undefined;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.length === 0 ? undefined : ids.join(" OR ");
}
