// `rampart sbom <path|image>`: a CycloneDX 1.6 or SPDX 2.3 JSON SBOM of a source tree (the
// manifests and lockfiles found by walking it) or of a container image (a docker save tarball or
// an OCI layout, directory or tar). SOURCE_DATE_EPOCH, when set, fixes the timestamp.
import { statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { readImage } from "@rampart/engine/container/image";
import { toCycloneDxJson } from "@rampart/engine/sbom/cyclonedx";
import { directoryPackages } from "@rampart/engine/sbom/directory";
import type { SbomMeta } from "@rampart/engine/sbom/inventory";
import { toSpdx } from "@rampart/engine/sbom/spdx";
import type { Package } from "@rampart/engine/sca/package";
import { manifestFormatFor } from "@rampart/engine/sca/parsers/index";
import { oneOf, parse } from "../args.ts";
import { EXIT_OK, type Io, UsageError } from "../io.ts";
import { toolInfo } from "../version.ts";

function isImage(path: string): boolean {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`${path} does not exist`);
  if (stat.isDirectory()) {
    return ["oci-layout", "index.json", "manifest.json"].some(
      (name) => statSync(join(path, name), { throwIfNoEntry: false })?.isFile() === true,
    );
  }
  return manifestFormatFor(basename(path)) === undefined;
}

function timestamp(env: Io["env"]): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined) return new Date();
  if (!/^\d+$/.test(epoch)) throw new UsageError(`SOURCE_DATE_EPOCH must be whole seconds; got "${epoch}"`);
  return new Date(Number(epoch) * 1000);
}

async function projectPackages(root: string, io: Io): Promise<Package[]> {
  const { packages, skipped } = await directoryPackages(root);
  for (const reason of skipped) io.stderr.write(`rampart: skipped ${reason}\n`);
  return packages;
}

export async function sbomCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, {
    format: { type: "string" },
    output: { type: "string", short: "o" },
  });
  if (positionals.length !== 1) throw new UsageError("sbom takes one path: a folder, a lockfile or an image");
  const format = oneOf("format", values.format, ["cyclonedx", "spdx"] as const, "cyclonedx");
  const target = resolve(io.cwd, positionals[0]!);
  const meta: SbomMeta = {
    name: basename(target),
    timestamp: timestamp(io.env),
    toolVersion: toolInfo(io.env).version,
  };
  let packages: Package[];
  if (isImage(target)) {
    const image = await readImage(target);
    packages = image.packages;
    meta.kind = "container";
    if (image.config.repoTags[0]) meta.name = image.config.repoTags[0];
    if (image.os)
      meta.os = image.os.versionId ? { id: image.os.id, versionId: image.os.versionId } : { id: image.os.id };
  } else {
    packages = await projectPackages(target, io);
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
