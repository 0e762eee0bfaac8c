// `rampart`: scan, fix, list rules, generate rule docs, write SBOMs, verify exports, import
// advisories, run a witness. Dispatches on the first argument; each command parses its own options and returns
// an exit code. Errors become one line on stderr.
import { EXIT_ERROR, EXIT_OK, type Io, UsageError } from "./io.ts";
import { VERSION } from "./version.ts";

type Command = (args: readonly string[], io: Io) => Promise<number>;

// Commands load on demand: `rampart help` should not pay for loading every analyzer.
const COMMANDS: Record<string, () => Promise<Command>> = {
  scan: async () => (await import("./commands/scan.ts")).scanCommand,
  fix: async () => (await import("./commands/fix.ts")).fixCommand,
  rules: async () => (await import("./commands/rules.ts")).rulesCommand,
  docs: async () => (await import("./commands/docs.ts")).docsCommand,
  sbom: async () => (await import("./commands/sbom.ts")).sbomCommand,
  verify: async () => (await import("./commands/verify.ts")).verifyCommand,
  osv: async () => (await import("./commands/osv.ts")).osvCommand,
  witness: async () => (await import("./commands/witness.ts")).witnessCommand,
};

export const USAGE = `Usage: rampart <command> [options]

Commands:
  scan <path>    Scan a folder or file and report findings
      --format table|json|sarif   output format (default: table)
      --output FILE               write the report to FILE instead of stdout
      --fail-on critical|high|med|low
                                  exit 1 if a finding at or above this severity remains
                                  (not suppressed, not in the baseline)
      --config FILE               config file (default: <path>/.rampart.yaml if present)
      --baseline FILE             only findings not in this baseline count for --fail-on
      --write-baseline FILE       write the findings of this scan as a baseline
      --workers N                 worker threads (default: one per core, at most 4 per core;
                                  0 = in-process)
      --max-memory MB             keep the scan's peak memory under MB by running fewer worker
                                  threads (or none); every file is still read (default: 80 %
                                  of the container's limit, /sys/fs/cgroup/memory.max, if set)
      --history                   also scan every blob in git history for secrets
      --advisories PATH           OSV advisories to match dependencies against: a cache folder
                                  or a folder, zip or JSON file of OSV records (default: the
                                  cache of "osv import" if present, else the bundled demo set)
      --vex FILE                  OpenVEX or CycloneDX VEX document (repeatable): dependency
                                  findings it says are not_affected or fixed are suppressed
      --lockfile TYPE:PATH        read PATH (inside <path>) as the lockfile format TYPE whatever
                                  its name, e.g. poetry.lock:deps/py.locked (repeatable)
      --rules DIR                 also run the custom rules of DIR/*.yaml, besides
                                  <path>/.rampart/rules/ (repeatable; docs/custom-rules.md);
                                  an invalid rule is an error (exit 2, one line per problem)
      --github-api-url URL        GitHub's API for the online checks of action refs (impostor
                                  commits, ref confusion), which run when $GITHUB_TOKEN is set
                                  (default: https://api.github.com; GHES: https://HOST/api/v3)
      --offline                   no network checks, even with $GITHUB_TOKEN set
      --analyzers a,b             run only these analyzers (unknown names: exit 2); the others
                                  are listed as "not run" and their controls are not evaluated
      --min-severity critical|high|med|low
                                  run only rules that can report at this severity or worse; an
                                  analyzer left with none is not run
      --staged                    scan the files staged in git (the index, not the working
                                  tree), for pre-commit hooks; outside git: exit 2
      --upload URL                send the run to the Rampart server at URL (https, or http on
                                  localhost) with the API token in $RAMPART_TOKEN, and print
                                  the run's link; the token is never taken from the command line
      --repository NAME           the run's repository (default: from the origin remote, the
                                  CI's variables, or the folder's name); an id names a registered one
      --commit SHA                the scanned commit (default: $GITHUB_SHA, $CI_COMMIT_SHA,
                                  $GIT_COMMIT… or git rev-parse HEAD)
      --branch NAME               the branch (default: the CI's variables or the checked-out branch)
  fix <path>     Apply the safe, mechanical fixes rules offer
      --dry-run                   print the changes as a unified diff, change nothing
      --config FILE
  sbom <path|image>  A CycloneDX 1.6 (default) or SPDX 2.3 JSON SBOM of a folder's manifests and
                 lockfiles, or of a container image (docker save tarball, OCI layout or tar)
      --format cyclonedx|spdx
      --output FILE
      --lockfile TYPE:PATH        also read PATH as the lockfile format TYPE (repeatable; the
                                  path argument may then be left out)
  rules          List every rule
      --format table|json
  docs <outdir>  Generate rule documentation (Markdown) from the catalogue
      --check                     exit 1 if <outdir> is not up to date, write nothing
  osv import <zip|dir|file|url>  Merge OSV advisories into the local cache (newer "modified" wins)
      --cache DIR                 cache folder (default: $XDG_CACHE_HOME/rampart/osv or ~/.cache/rampart/osv)
  verify <export.json|bundle.json|audit-package.zip>
                 Check an evidence export, an attestation bundle or an audit package offline and
                 say what passed or failed (the kind is told by the file's shape)
      --key FILE                  the instance's public key: PEM, or the JSON of /api/evidence/public-key
                                  (required for an attestation bundle; --public-key is the same;
                                  for an audit package also its hex fingerprint)
      --earlier FILE              an earlier export: prove this one is consistent with it
      --bundle-hash HEX           the attestation's bundleHash as Rampart lists it (16+ hex digits)
      --witness VKEY|FILE         a witness you trust (C2SP cosignature verifier key), or a file of them;
                                  repeatable: counts the witnesses that vouch for the anchored checkpoint
      --tsa-root FILE             a PEM root of an RFC 3161 time-stamping authority you trust; repeatable:
                                  checks the anchored checkpoint's timestamp
  witness keygen --name NAME --out FILE
                 Make a witness key (PKCS#8 PEM, mode 0600) and print its verifier key
  witness serve --key FILE --logs FILE --state FILE [--port N] [--host H]
                 Run a C2SP tlog-witness: POST /add-checkpoint, GET /forks (docs/witness.md)
      --logs FILE                 one "<origin> <verifier key>" line per log it witnesses
      --state FILE                what it cosigned and the forks it refused (JSON, kept across runs)
      --port N, --host H          where to listen (default: 127.0.0.1:7380)
  witness vkey --public-key FILE (--origin ORIGIN | --tenant TENANT_ID)
                 The verifier key a log's checkpoints are signed under: the instance's key
                 (PEM or the /api/evidence/public-key JSON) under the log's origin; --tenant
                 takes the instance origin from that JSON (<LEDGER_ORIGIN>/tenants/<id>)
      --key-history FILE          the key's rotation statements (the JSON of /api/evidence/public-key):
                                  an export signed by an earlier or later key verifies against --key

  help, --help, -h              this text (also after any command)
  version, --version, -V        the version

Exit codes: 0 success (no finding at the --fail-on level; an export or bundle that verifies), 1 findings
at the --fail-on level or an export or bundle that fails verification, 2 error (bad usage, unreadable config or baseline, an analyzer that could not run), 3 the scan ran but --upload failed.
`;

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  // `rampart scan --help` asks for help, not a scan (options after `--` are positionals).
  const options = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  const wantsHelp = options.includes("--help") || options.includes("-h");
  try {
    const load = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (load && !wantsHelp) return await (await load())(rest, io);
    switch (load ? "help" : command) {
      case "help":
      case "--help":
      case "-h":
        io.stdout.write(USAGE);
        return EXIT_OK;
      case "version":
      case "--version":
      case "-V":
        io.stdout.write(`rampart ${VERSION}\n`);
        return EXIT_OK;
      case undefined:
        io.stderr.write(USAGE);
        return EXIT_ERROR;
      default:
        throw new UsageError(`unknown command "${command}" (try: rampart help)`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lines = error instanceof UsageError && error.lines ? error.lines : [message.split("\n")[0]];
    for (const line of lines) io.stderr.write(`rampart: ${line}\n`);
    return EXIT_ERROR;
  }
}
