// pip requirements files: the requirement lines naming the package (in the reported file and the
// files it includes with -r/-c) move to the fixed version, keeping extras, markers and comments.
// Hashes cannot be computed offline, so a hashed requirement is refused when pip would run in
// hash-checking mode without it (see README.md); Python lockfiles are not edited yet.
import { satisfies } from "@renovatebot/pep440";
import { pypiOrder } from "../osv/versions/pypi.ts";
import { normalizePythonName } from "../package.ts";
import { resolveSibling } from "../parsers/common.ts";
import { manifestFormatFor } from "../parsers/index.ts";
import {
  type FileChange,
  fileNameOf,
  type ReadFile,
  refuse,
  type UpgradePlan,
  type UpgradeRequest,
} from "./plan.ts";

const MAX_INCLUDE_DEPTH = 10;

const LOCK_TOOLS: Record<string, string> = {
  "poetry.lock": "poetry lock",
  "Pipfile.lock": "pipenv lock",
  "pdm.lock": "pdm lock",
  "uv.lock": "uv lock",
};

/** A requirement: physical lines `first..last` joined by trailing backslashes. */
interface LogicalLine {
  first: number;
  last: number;
  /** The joined text without comments. */
  code: string;
}

function logicalLines(lines: readonly string[]): LogicalLine[] {
  const result: LogicalLine[] = [];
  let start = -1;
  let code = "";
  lines.forEach((raw, index) => {
    const uncommented = raw.replace(/\r$/, "").replace(/(^|\s)#.*$/, "");
    const continued = /\\$/.test(uncommented);
    if (start === -1) start = index;
    code += ` ${continued ? uncommented.slice(0, -1) : uncommented}`;
    if (!continued) {
      if (code.trim() !== "") result.push({ first: start, last: index, code: code.trim() });
      start = -1;
      code = "";
    }
  });
  if (start !== -1 && code.trim() !== "")
    result.push({ first: start, last: lines.length - 1, code: code.trim() });
  return result;
}

const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/;

function compare(a: string, b: string): number | undefined {
  const x = pypiOrder.parse(a);
  const y = pypiOrder.parse(b);
  return x === undefined || y === undefined ? undefined : pypiOrder.compare(x, y);
}

type Rewrite = { spec: string } | { problem: string };

/**
 * The new specifier for one requirement. A pin (`==`, `===`) moves to the fixed version when it
 * is below it; a lower bound (`>=`, `>`, `~=`) is raised to it; a range with no lower bound gets
 * `>=fixed` unless another line pins the package. The result must admit the fixed version.
 */
function rewriteSpecifier(spec: string, fixed: string, pinnedElsewhere: boolean): Rewrite {
  const trimmed = spec.trim();
  const pin = /^(===?)\s*([^\s=<>!~*,]+)$/.exec(trimmed);
  if (pin) {
    const order = compare(pin[2]!, fixed);
    if (order !== undefined && order >= 0) return { spec };
    return { spec: spec.replace(pin[2]!, fixed) };
  }
  let hasLowerBound = false;
  const clauses = trimmed === "" ? [] : spec.split(",");
  const rewritten = clauses.map((clause) => {
    const bound = /^(\s*)(>=|>|~=)(\s*)([^\s,]+)(\s*)$/.exec(clause);
    if (!bound) return clause;
    hasLowerBound = true;
    const [, lead, operator, gap, version, trail] = bound;
    const order = compare(version!, fixed);
    if (order !== undefined && order >= 0) return clause;
    if (operator === "~=") {
      // ~=X.Y means >=X.Y, ==X.*: keep its upper bound when the fixed version is longer or shorter.
      const parts = version!.split(".");
      const sameLength = fixed.split(".").length === parts.length;
      return sameLength
        ? `${lead}~=${gap}${fixed}${trail}`
        : `${lead}>=${gap}${fixed},==${parts.slice(0, -1).join(".")}.*${trail}`;
    }
    return `${lead}>=${gap}${fixed}${trail}`;
  });
  let result = rewritten.join(",");
  if (!hasLowerBound && !pinnedElsewhere) {
    // Keep the whitespace that separated the specifier from a marker or a comment.
    const trailing = /\s*$/.exec(spec)![0];
    result = trimmed === "" ? `>=${fixed}${spec}` : `${result.trimEnd()},>=${fixed}${trailing}`;
  }
  if (result.trim() !== "" && !satisfies(fixed, result.trim()))
    return { problem: `"${trimmed}" excludes ${fixed} (an upper bound or exclusion); widen it by hand` };
  return { spec: result };
}

interface RequirementsFile {
  path: string;
  text: string;
  lines: string[];
  logical: LogicalLine[];
}

/** The reported file and the files it includes (-r, -c), each read once. */
function readRequirementFiles(start: string, startText: string, readFile: ReadFile): RequirementsFile[] {
  const files: RequirementsFile[] = [];
  const seen = new Set<string>();
  const visit = (path: string, text: string, depth: number): void => {
    seen.add(path);
    const lines = text.split("\n");
    const logical = logicalLines(lines);
    files.push({ path, text, lines, logical });
    for (const line of logical) {
      const include = /^(?:-r|--requirement|-c|--constraint)(?:\s*=\s*|\s+|(?<=^-[rc]))(\S+)$/.exec(
        line.code,
      );
      if (!include || /^[a-z]+:\/\//i.test(include[1]!)) continue;
      const target = resolveSibling(path, include[1]!);
      if (target === undefined || seen.has(target) || depth >= MAX_INCLUDE_DEPTH) continue;
      const included = readFile(target);
      if (included !== null) visit(target, included, depth + 1);
    }
  };
  visit(start, startText, 0);
  return files;
}

interface Match {
  file: RequirementsFile;
  line: LogicalLine;
  pinned: boolean;
}

export function planPipUpgrade(request: UpgradeRequest, readFile: ReadFile): UpgradePlan {
  const fileName = fileNameOf(request.filePath);
  const tool = LOCK_TOOLS[fileName];
  if (tool !== undefined)
    return refuse(
      `${request.filePath}: upgrading ${fileName} offline is not supported yet: the lock records file hashes (and a hash of the project manifest) that only \`${tool}\` can compute`,
    );
  if (manifestFormatFor(request.filePath)?.id !== "requirements.txt")
    return refuse(`${request.filePath}: Python upgrades are planned on requirements files only`);
  const text = readFile(request.filePath);
  if (text === null) return refuse(`${request.filePath} not found`);

  const wanted = normalizePythonName(request.name);
  const fixed = request.fixedVersion;
  const files = readRequirementFiles(request.filePath, text, readFile);
  const matches: Match[] = [];
  let hashedRequirements = 0;
  let requireHashes = false;
  for (const file of files) {
    for (const line of file.logical) {
      if (/^--require-hashes\b/.test(line.code)) requireHashes = true;
      if (line.code.startsWith("-")) continue; // options, includes, editables
      if (/\s--hash[=\s]/.test(line.code)) hashedRequirements++;
      const name = NAME.exec(line.code)?.[1];
      if (name === undefined || normalizePythonName(name) !== wanted) continue;
      const spec = line.code.slice(name.length).replace(/^\s*\[[^\]]*\]/, "");
      matches.push({ file, line, pinned: /^\s*===?\s*[^\s=<>!~*,;]+\s*(;|--|$)/.test(spec) });
    }
  }
  if (matches.length === 0) return refuse(`${request.filePath}: no requirement names ${request.name}`);

  const notes: string[] = [];
  const edited = new Map<RequirementsFile, string[]>();
  const pinnedSomewhere = matches.some((match) => match.pinned);
  for (const match of matches) {
    const { file, line } = match;
    const lines = edited.get(file) ?? [...file.lines];
    const where = `${file.path}:${line.first + 1}`;
    const hashed = /\s--hash[=\s]/.test(line.code);
    if (hashed && (requireHashes || hashedRequirements > 1))
      return refuse(
        `${where}: the requirements use hash-checking mode (--hash on every requirement); the hashes of ${request.name} ${fixed} cannot be computed offline, and pip refuses a requirement without them. Regenerate the file (e.g. \`pip-compile --generate-hashes\`) with ${request.name}>=${fixed}`,
      );
    const raw = lines[line.first]!;
    const cr = raw.endsWith("\r") ? "\r" : "";
    const first = cr === "" ? raw : raw.slice(0, -1);
    const head = /^(\s*[A-Za-z0-9._-]+\s*(?:\[[^\]]*\])?)(.*)$/.exec(first);
    // Only options (--hash) may continue on the next lines; a specifier split over lines is left to a person.
    const continued = lines.slice(line.first + 1, line.last + 1).map((l) => l.replace(/\\\s*$/, "").trim());
    if (head === null || continued.some((l) => l !== "" && !l.startsWith("--")))
      return refuse(
        `${where}: the requirement of ${request.name} is split over several lines; edit it by hand`,
      );
    const rest = head[2]!;
    if (/^\s*@/.test(rest))
      return refuse(`${where}: ${request.name} is installed from a URL; change it by hand`);
    // The specifier runs to a marker (;), an option (--hash), a comment or a line continuation.
    const end = rest.search(/;|\s--|(^|\s)#|\\\s*$|$/);
    const spec = rest.slice(0, end === -1 ? rest.length : end);
    const rewrite = rewriteSpecifier(spec, fixed, pinnedSomewhere && !match.pinned);
    if ("problem" in rewrite) return refuse(`${where}: ${rewrite.problem}`);
    let newFirst = `${head[1]}${rewrite.spec}${rest.slice(spec.length)}${cr}`;
    if (hashed) {
      // Only this requirement had hashes: without them pip leaves hash-checking mode, as it should.
      newFirst = newFirst.replace(/\s+--hash[=\s]\S+/g, "");
      const kept: string[] = [];
      for (let index = line.first + 1; index <= line.last; index++) {
        const cleaned = lines[index]!.replace(/\s*--hash[=\s]\S+/g, "");
        if (cleaned.replace(/\\\s*$/, "").trim() !== "") kept.push(cleaned);
      }
      const block = [newFirst, ...kept];
      // The last line of the requirement must not continue onto the next requirement.
      block[block.length - 1] = block[block.length - 1]!.replace(/\s*\\(\s*)$/, "$1");
      lines.splice(line.first, line.last - line.first + 1, ...block);
      notes.push(
        `${where}: the --hash options of ${request.name} were removed: hashes of ${fixed} cannot be computed offline (\`pip hash\` or \`pip-compile --generate-hashes\` can add them back).`,
      );
    } else lines[line.first] = newFirst;
    edited.set(file, lines);
  }

  const changes: FileChange[] = [];
  for (const [file, lines] of edited) {
    const after = lines.join("\n");
    if (after !== file.text) changes.push({ path: file.path, before: file.text, after });
  }
  if (changes.length === 0)
    return refuse(
      `${request.filePath}: every requirement of ${request.name} already admits only ${fixed} or later`,
    );
  if (files.some((file) => /pip-compile/.test(file.text)))
    notes.push(
      "The file was generated by pip-compile: make the same change in its source (requirements.in) so the next compile keeps it.",
    );
  notes.push(
    `The requirements of ${request.name} ${fixed} itself were not checked (offline): \`pip install\` resolves them.`,
  );
  return {
    ok: true,
    changes,
    summary: `Upgrade ${request.name} from ${request.installedVersion} to ${fixed} in ${changes.map((c) => c.path).join(" and ")}`,
    notes,
  };
}
