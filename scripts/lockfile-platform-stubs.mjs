#!/usr/bin/env node
// The npm registry mirror this project is built against lacks some platform binaries (e.g.
// Biome's macOS and Windows builds). `npm install` then leaves them out of package-lock.json,
// and `npm ci` refuses the lockfile as out of sync. This adds an entry for each missing optional
// platform package (name, version, os, cpu; no tarball), which is what the lockfile would hold
// with the full registry: npm skips them on other platforms and never fetches them.
// Runs as the root `postinstall`, so every `npm install` leaves a lockfile `npm ci` accepts.
import { readFileSync, writeFileSync } from "node:fs";

const LOCKFILE = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCKFILE, "utf8"));
const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "sunos", "win32", "aix"];
const CPU = ["arm64", "x64", "ia32", "arm", "riscv64", "ppc64", "s390x", "loong64"];

function platformOf(name) {
  const parts = name.split("/").at(-1).split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os || !cpu) return undefined;
  return { os: [os], cpu: [cpu], ...(parts.includes("musl") ? { libc: ["musl"] } : {}) };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === "" ? "" : `${key}/`;
    if (lock.packages[`${base}node_modules/${name}`] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}

if (added > 0) {
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0,
    ),
  );
  lock.packages = sorted;
  writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `lockfile: added ${added} platform package entr${added === 1 ? "y" : "ies"} the registry mirror lacks`,
  );
}
