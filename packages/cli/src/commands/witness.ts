// `rampart witness keygen|serve|vkey`: run a C2SP tlog-witness of one's own (an auditor's, say)
// against a Rampart instance's tenant logs, and derive the log verifier key a tenant's checkpoints
// are signed under. The witness itself is @rampart/ledger's; this is its command line and server.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  cosignerVerifierKey,
  createFileStore,
  createWitness,
  exportPrivateKeyPem,
  generateKeyPair,
  importPrivateKey,
  importPublicKey,
  isKeyName,
  MAX_WITNESSED_LOGS,
  parseVerifierKey,
  SIGNATURE_TYPE,
  verifierKey,
  type WitnessedLog,
  witnessRequestListener,
} from "@rampart/ledger";
import { integerOption, parse } from "../args.ts";
import { EXIT_OK, type Io, UsageError } from "../io.ts";
import { publicKeyText } from "./verify.ts";

const NAME_LINE = /^witness-name: (\S+)$/m;
const MAX_KEY_FILE_BYTES = 16 * 1024;
const MAX_LOGS_FILE_BYTES = 4 * 1024 * 1024;
export const DEFAULT_WITNESS_PORT = 7380;

function readBounded(io: Io, file: string, what: string, limit: number): string {
  const resolved = path.resolve(io.cwd, file);
  try {
    if (statSync(resolved).size > limit)
      throw new UsageError(`${what} ${file} is larger than ${limit} bytes`);
    return readFileSync(resolved, "utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
}

function requireName(name: string | undefined): string {
  if (name === undefined) throw new UsageError("--name is required (e.g. witness.example.com/auditor)");
  if (!isKeyName(name)) throw new UsageError("--name must be non-empty, without spaces or '+'");
  return name;
}

async function keygen(args: readonly string[], io: Io): Promise<number> {
  const { values } = parse(args, { name: { type: "string" }, out: { type: "string" } });
  const name = requireName(values.name);
  if (values.out === undefined) throw new UsageError("--out FILE is required");
  const { privateKey, publicKey } = generateKeyPair();
  // The name rides along as RFC 7468 explanatory text before the PEM block, so `serve` needs only the file.
  const text = `witness-name: ${name}\n${exportPrivateKeyPem(privateKey)}`;
  try {
    writeFileSync(path.resolve(io.cwd, values.out), text, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === "EEXIST"
        ? `${values.out} exists; not overwriting a key`
        : `cannot write ${values.out}: ${code}`,
    );
  }
  io.stdout.write(`${cosignerVerifierKey(name, publicKey)}\n`);
  return EXIT_OK;
}

function logLineProblem(line: string, seen: ReadonlySet<string>): string | undefined {
  const parts = line.split(/\s+/);
  if (parts.length !== 2) return 'expected "<origin> <verifier key>"';
  const [origin, vkey] = parts as [string, string];
  const parsed = parseVerifierKey(vkey);
  if (!parsed.ok) return parsed.message;
  if (parsed.verifier.type !== SIGNATURE_TYPE.ed25519)
    return "a log's key is an Ed25519 (type 0x01) key, not a witness key";
  if (!isKeyName(origin)) return "the origin has a space or '+'";
  if (seen.has(origin)) return `${origin} is listed twice`;
  return undefined;
}

/** `origin vkey` per line; blank lines and `#` comments are skipped. */
export function parseLogsFile(text: string): WitnessedLog[] {
  const logs: WitnessedLog[] = [];
  const problems: string[] = [];
  const origins = new Set<string>();
  const lines = text.split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const problem = logLineProblem(line, origins);
    if (problem !== undefined) {
      problems.push(`logs line ${index + 1}: ${problem}`);
      continue;
    }
    const [origin, vkey] = line.split(/\s+/) as [string, string];
    origins.add(origin);
    logs.push({ origin, vkey });
  }
  if (logs.length > MAX_WITNESSED_LOGS) problems.push(`at most ${MAX_WITNESSED_LOGS} logs`);
  if (problems.length > 0) throw new UsageError(problems[0]!, problems.slice(0, 20));
  if (logs.length === 0) throw new UsageError("the logs file lists no log");
  return logs;
}

function readWitnessKey(io: Io, file: string, nameOption: string | undefined) {
  const text = readBounded(io, file, "key", MAX_KEY_FILE_BYTES);
  const imported = importPrivateKey(text);
  if (!imported.ok) throw new UsageError(`--key ${file} is not an Ed25519 private key (PKCS#8 PEM)`);
  const name = requireName(nameOption ?? NAME_LINE.exec(text)?.[1]);
  const mode = statSync(path.resolve(io.cwd, file)).mode & 0o077;
  if (mode !== 0) io.stderr.write(`rampart: warning: ${file} is readable by others; chmod 600 it\n`);
  return { name, privateKey: imported.key };
}

async function serve(args: readonly string[], io: Io): Promise<number> {
  const { values } = parse(args, {
    key: { type: "string" },
    logs: { type: "string" },
    state: { type: "string" },
    port: { type: "string" },
    host: { type: "string" },
    name: { type: "string" },
  });
  if (!values.key || !values.logs || !values.state)
    throw new UsageError("witness serve needs --key FILE, --logs FILE and --state FILE");
  const { name, privateKey } = readWitnessKey(io, values.key, values.name);
  const logs = parseLogsFile(readBounded(io, values.logs, "logs", MAX_LOGS_FILE_BYTES));
  const port = integerOption("port", values.port) ?? DEFAULT_WITNESS_PORT;
  if (port > 65535) throw new UsageError("--port must be at most 65535");
  const host = values.host ?? "127.0.0.1";
  const store = createFileStore(path.resolve(io.cwd, values.state));
  const witness = createWitness({ name, privateKey, logs, store });
  // Read the state now: a damaged file stops the witness at the start, not at the first request.
  try {
    await witness.forks();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  const server = createServer(witnessRequestListener(witness));
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new UsageError(`cannot listen on ${host}:${port}: ${error.code ?? "error"}`)),
    );
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  io.stdout.write(
    `witness ${name} for ${logs.length} log(s) on http://${shown}:${address.port}\nvkey ${witness.vkey}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      server.closeAllConnections();
      server.close(() => resolve());
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return EXIT_OK;
}

/** The instance key name (LEDGER_ORIGIN) from the /api/evidence/public-key JSON, if the file is that. */
function instanceOrigin(fileText: string): string | undefined {
  try {
    const parsed = JSON.parse(fileText) as { verifierKey?: unknown };
    if (typeof parsed.verifierKey !== "string") return undefined;
    const verifier = parseVerifierKey(parsed.verifierKey);
    return verifier.ok ? verifier.verifier.keyName : undefined;
  } catch {
    return undefined;
  }
}

async function vkey(args: readonly string[], io: Io): Promise<number> {
  const { values } = parse(args, {
    origin: { type: "string" },
    tenant: { type: "string" },
    "public-key": { type: "string" },
  });
  if (values["public-key"] === undefined)
    throw new UsageError("--public-key FILE is required (PEM, or the JSON of /api/evidence/public-key)");
  const fileText = readBounded(io, values["public-key"], "public key", MAX_KEY_FILE_BYTES);
  if ((values.origin === undefined) === (values.tenant === undefined))
    throw new UsageError("give either --origin ORIGIN or --tenant TENANT_ID");
  let origin = values.origin;
  if (values.tenant !== undefined) {
    const instance = instanceOrigin(fileText);
    if (instance === undefined)
      throw new UsageError(
        "--tenant needs the JSON of /api/evidence/public-key (it names the instance's origin)",
      );
    origin = `${instance}/tenants/${values.tenant}`;
  }
  if (!isKeyName(origin!)) throw new UsageError("the origin must be non-empty, without spaces or '+'");
  const imported = importPublicKey(publicKeyText(fileText));
  if (!imported.ok) throw new UsageError(`--public-key: ${imported.error}`);
  io.stdout.write(`${verifierKey(origin!, imported.key)}\n`);
  return EXIT_OK;
}

const SUBCOMMANDS: Record<string, (args: readonly string[], io: Io) => Promise<number>> = {
  keygen,
  serve,
  vkey,
};

export async function witnessCommand(args: readonly string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  const run = sub !== undefined && Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  if (run === undefined)
    throw new UsageError(`unknown witness command "${sub ?? ""}" (try: rampart witness keygen|serve|vkey)`);
  return run(rest, io);
}
