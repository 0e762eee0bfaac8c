#!/usr/bin/env node
// The `rampart` command. The CLI is TypeScript run from source, so register tsx's loader first;
// plain JavaScript on purpose, since nothing can load TypeScript before this runs.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/main.ts");
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
