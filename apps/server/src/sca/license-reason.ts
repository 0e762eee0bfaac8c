// Why a dependency's licence is unknown, so the page says more than "Unknown": licences come only
// from lockfiles that record them (package-lock.json v2 and later, composer.lock); OSV
// advisories, the other package data Rampart holds, carry none. Nothing is guessed.
import { manifestFormatFor } from "@rampart/engine/sca/parsers/index";

/**
 * `licensesRecorded` is the finding's own fact (the scan saw whether its file records licences);
 * findings stored before it was recorded fall back to what the file's format can record.
 */
export function licenseUnknownReason(
  license: string | null,
  filePath: string | null,
  licensesRecorded?: boolean,
): string | null {
  if (license) return null;
  if (!filePath) return "No file states its licence";
  const fileName = filePath.slice(filePath.lastIndexOf("/") + 1);
  const formatRecords = manifestFormatFor(filePath)?.recordsLicenses === true;
  if (licensesRecorded ?? formatRecords) return `${fileName} states no licence for this package`;
  if (formatRecords && fileName !== "composer.lock")
    return `This ${fileName} records no licences (lockfile version 1: npm 7 and later write them)`;
  return `${fileName} does not record licences`;
}
