// Why a dependency's licence is unknown, so the page says more than "Unknown": licences come only
// from lockfiles that record them (package-lock.json, composer.lock); OSV advisories, the other
// package data Rampart holds, carry none. Nothing is guessed.
import { manifestFormatFor } from "@rampart/engine/sca/parsers/index";

export function licenseUnknownReason(license: string | null, filePath: string | null): string | null {
  if (license) return null;
  if (!filePath) return "No file states its licence";
  const fileName = filePath.slice(filePath.lastIndexOf("/") + 1);
  return manifestFormatFor(filePath)?.recordsLicenses
    ? `${fileName} states no licence for this package`
    : `${fileName} does not record licences`;
}
