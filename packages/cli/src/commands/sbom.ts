// `rampart sbom <path|image>`: a CycloneDX 1.6 or SPDX 2.3 JSON SBOM of a source tree (the
// manifests and lockfiles found by walking it) or of a container image (a docker save tarball or
// an OCI layout, directory or tar), plus or instead of that, files named with `--lockfile
// <type>:<path>` read as that format. SOURCE_DATE_EPOCH, when set, fixes the timestamp.
import { statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { readImage } from "@rampart/engine/container/image";
import { toCycloneDxJson } from "@rampart/engine/sbom/cyclonedx";
import { declaredPackages, directoryPackages, fileManifestFormat } from "@rampart/engine/sbom/directory";
import type { SbomMeta } from "@rampart/engine/sbom/inventory";
import { toSpdx } from "@rampart/engine/sbom/spdx";
import type { Package } from "@rampart/engine/sca/package";
import { oneOf, parse } from "../args.ts";
import { EXIT_OK, type Io, UsageError } from "../io.ts";
import { type LockfileOption, parseLockfileOptions } from "../lockfile-option.ts";
import { toolInfo } from "../version.ts";

function isImage(path: string): boolean {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`${path} does not exist`);
  if (stat.isDirectory()) {
    return ["oci-layout", "index.json", "manifest.json"].some(
      (name) => statSync(join(path, name), { throwIfNoEntry: false })?.isFile() === true,
    );
  }
  return fileManifestFormat(path, basename(path)) === undefined;
}

function timestamp(env: Io["env"]): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined) return new Date();
  if (!/^\d+$/.test(epoch)) throw new UsageError(`SOURCE_DATE_EPOCH must be whole seconds; got "${epoch}"`);
  return new Date(Number(epoch) * 1000);
}

/** The tree's manifests (when a path is given) and the declared lockfiles, each file read once. */
async function projectPackages(
  root: string | undefined,
  lockfiles: readonly LockfileOption[],
  io: Io,
): Promise<Package[]> {
  const declared = declaredPackages(io.cwd, lockfiles);
  const tree =
    root === undefined
      ? { packages: [], skipped: [] }
      : await directoryPackages(root, { skip: new Set(lockfiles.map((item) => item.absolutePath)) });
  for (const reason of [...tree.skipped, ...declared.skipped])
    io.stderr.write(`rampart: skipped ${reason}\n`);
  return [...tree.packages, ...declared.packages];
}

export async function sbomCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, {
    format: { type: "string" },
    output: { type: "string", short: "o" },
    lockfile: { type: "string", multiple: true },
  });
  const lockfiles = parseLockfileOptions(io, values.lockfile ?? []);
  if (positionals.length > 1 || (positionals.length === 0 && lockfiles.length === 0))
    throw new UsageError(
      "sbom takes one path (a folder, a lockfile or an image) and/or --lockfile <type>:<path>",
    );
  const format = oneOf("format", values.format, ["cyclonedx", "spdx"] as const, "cyclonedx");
  const target = resolve(io.cwd, positionals[0] ?? ".");
  const meta: SbomMeta = {
    name: basename(target),
    timestamp: timestamp(io.env),
    toolVersion: toolInfo(io.env).version,
  };
  let packages: Package[];
  if (positionals.length === 1 && isImage(target)) {
    const image = await readImage(target);
    const declared = declaredPackages(io.cwd, lockfiles);
    for (const reason of declared.skipped) io.stderr.write(`rampart: skipped ${reason}\n`);
    packages = [...image.packages, ...declared.packages];
    meta.kind = "container";
    if (image.config.repoTags[0]) meta.name = image.config.repoTags[0];
    if (image.os)
      meta.os = image.os.versionId ? { id: image.os.id, versionId: image.os.versionId } : { id: image.os.id };
  } else {
    packages = await projectPackages(positionals.length === 1 ? target : undefined, lockfiles, io);
    meta.kind = "application";
  }
  const text =
    format === "spdx"
      ? `${JSON.stringify(toSpdx(packages, meta), null, 2)}\n`
      : `${toCycloneDxJson(packages, meta)}\n`;
  if (values.output) writeFileSync(resolve(io.cwd, values.output), text);
  else io.stdout.write(text);
  return EXIT_OK;
}
