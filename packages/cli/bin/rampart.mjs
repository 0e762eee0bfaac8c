#!/usr/bin/env node
// The `rampart` command. The CLI is TypeScript; it runs from a bundle of itself (src/bundle.ts),
// built on the first run and kept until one of its files changes, which starts in a fraction of
// the time tsx takes to load the sources. Plain JavaScript on purpose: nothing can load TypeScript
// before this runs. A registry named by RAMPART_REGISTRY is TypeScript loaded by URL at run time,
// so those runs, and any run whose bundle cannot be built or loaded, go through tsx.
import { fileURLToPath } from "node:url";
import { bundleFolder, currentBundle } from "@rampart/engine/bundle-cache";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

async function importMain() {
  const bundleAllowed = !process.env.RAMPART_REGISTRY;
  const current = bundleAllowed ? currentBundle(bundleFolder(MAIN)) : undefined;
  if (current) {
    try {
      return (await import(current.href)).main;
    } catch {
      // something it imports changed in a way its stamp cannot see: rebuild or run from source below
    }
  }
  const { register } = await import("tsx/esm/api");
  register();
  if (bundleAllowed) {
    try {
      const { cliBundle } = await import("../src/bundle.ts");
      return (await import((await cliBundle()).href)).main;
    } catch {
      // esbuild could not bundle it: run from source
    }
  }
  return (await import("../src/main.ts")).main;
}

const main = await importMain();
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
