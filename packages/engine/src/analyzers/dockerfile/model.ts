// The typed model of a Dockerfile: build stages (FROM … AS name) with their instructions, each
// with exact positions, and RUN bodies split into shell commands. dockerfile-ast finds the
// instruction boundaries (continuations, heredocs, parser directives); everything else is ours.
import { createRequire } from "node:module";
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import type { SourceFile } from "../../source.ts";
import { programIndex, type ShellCommand, type ShellWord, tokenizeShell } from "./shell.ts";

// Required, not imported: dockerfile-ast is CommonJS, which Node's ESM loader reads twice (once
// to find its exports) and loads asynchronously; required, it loads in less wall time.
const { DockerfileParser } = createRequire(import.meta.url)(
  "dockerfile-ast",
) as typeof import("dockerfile-ast");

export interface Located {
  line: number;
  column: number;
}

/** A word of an instruction's arguments, with its file index (for fixes) and position. */
export interface Word extends Located {
  text: string;
  index: number;
  end: number;
}

/** An instruction flag such as `--chown=app` or `--mount=type=cache,target=/root/.cache`. */
export interface InstructionFlag extends Located {
  name: string;
  value: string | null;
}

export interface Command extends Located {
  words: Word[];
  /** Position of the program in `words` (after `sudo`, `env X=1`, assignments); -1 if none. */
  programAt: number;
  /** The program's base name (`/usr/bin/pip3` → `pip3`), or "" when there is none. */
  program: string;
  /** The words after the program. */
  args: Word[];
  separatorBefore: ShellCommand["separatorBefore"];
  /**
   * True for a command of an `sh -c '…'` script whose words could not all be located in the file
   * (escapes inside the string): its positions are near, not exact, so rules must not attach fixes.
   */
  approximate: boolean;
  /** For a command of an `sh -c '…'` script: the `sh -c` command that runs it; else null. */
  runBy: Command | null;
}

export interface Instruction extends Located {
  /** Upper-case keyword: RUN, FROM, … */
  keyword: string;
  /** Index of the instruction's first character in the file and one past its last. */
  index: number;
  end: number;
  endLine: number;
  /** The keyword's own span, for fixes that rewrite it. */
  keywordEnd: number;
  flags: InstructionFlag[];
  /** Arguments after the flags, quotes removed (shell form) or the JSON array items (exec form). */
  args: Word[];
  /** True for the JSON (exec) form: `CMD ["run"]`. */
  execForm: boolean;
  /** RUN only: the shell commands of the body, in order. */
  commands: Command[];
  /** ONBUILD only: the instruction it registers (`ONBUILD RUN …` → the RUN), parsed like any other. */
  trigger: Instruction | null;
  /** True for an instruction that is an ONBUILD trigger: it runs in the builds that use this image. */
  onbuild: boolean;
  /** RUN, CMD and ENTRYPOINT: the shell a shell-form body runs in (the last SHELL, else `/bin/sh -c`). */
  shell: readonly string[];
}

export interface FromImage {
  /**
   * The image reference (`node:20-alpine@sha256:…`), or null when FROM has no argument. Variables
   * with a default in an ARG before the first FROM are substituted (`written` keeps the original).
   */
  reference: string | null;
  /** The reference as written, when it differs from `reference` by ARG defaults; else null. */
  written: string | null;
  at: Located;
  /** True when the reference names an earlier stage (`FROM builder`). */
  stageReference: boolean;
  /** True when the reference uses a build argument (`FROM ${BASE}`); its value is unknown. */
  parameterised: boolean;
  scratch: boolean;
  /** Repository without tag or digest (`docker.io/library/node`). */
  repository: string;
  tag: string | null;
  digest: string | null;
}

export interface Stage {
  /** 0-based position among the FROMs. */
  index: number;
  /** The `AS` name, lower-cased, or null. */
  name: string | null;
  /**
   * The FROM instruction, or null for the implicit stage of a fragment: instructions written before
   * any FROM (snippets, `Dockerfile.part` includes). Rules judge their instructions there too, but
   * nothing is known about the image they end up in.
   */
  from: Instruction | null;
  image: FromImage;
  /** The stage this one builds on (`FROM builder`), or null for an external image. */
  parent: number | null;
  /** Every instruction after the FROM, up to the next FROM. */
  instructions: Instruction[];
}

export interface DockerfileModel {
  /** ARGs before the first FROM. */
  globalArgs: Instruction[];
  stages: Stage[];
  /** The escape character from the `# escape=` directive. */
  escapeChar: string;
}

/** The stage whose image `docker build` produces by default: the last one. */
export function finalStage(model: DockerfileModel): Stage | undefined {
  return model.stages[model.stages.length - 1];
}

/** The final stage and the stages it builds on through `FROM <stage>`, final first. */
export function finalStageChain(model: DockerfileModel): Stage[] {
  return stageChain(model, finalStage(model));
}

/** A stage and the stages it builds on through `FROM <stage>`, itself first. */
export function stageChain(model: DockerfileModel, from: Stage | undefined): Stage[] {
  const chain: Stage[] = [];
  let stage = from;
  const seen = new Set<number>();
  while (stage && !seen.has(stage.index)) {
    seen.add(stage.index);
    chain.push(stage);
    stage = stage.parent === null ? undefined : model.stages[stage.parent];
  }
  return chain;
}

/** Stages whose layers end up in the final image: the final stage and its ancestors. */
export function shippedStages(model: DockerfileModel): Stage[] {
  return finalStageChain(model);
}

/**
 * Every instruction of a stage followed, where it is an ONBUILD, by its trigger: per-instruction
 * rules judge `ONBUILD RUN …` like a RUN. Rules about the stage's own state (its last USER, its CMD)
 * use `stage.instructions`, since a trigger only runs in the builds that use this image.
 */
export function* instructionsOf(stage: Stage): Generator<Instruction> {
  for (const instruction of stage.instructions) {
    yield instruction;
    if (instruction.trigger) yield instruction.trigger;
  }
}

/** Every RUN command of a stage (ONBUILD RUN triggers included), with its instruction. */
export function* runCommands(
  stage: Stage,
): Generator<{ run: Instruction; command: Command; position: number }> {
  for (const run of instructionsOf(stage)) {
    if (run.keyword !== "RUN") continue;
    let position = 0;
    for (const command of run.commands) yield { run, command, position: position++ };
  }
}

/** Whether a command's words include an option, e.g. `hasOption(cmd, "-y", "--yes")`. */
export function hasOption(command: Command, ...options: string[]): boolean {
  return command.args.some(
    (word) => options.includes(word.text) || options.some((o) => word.text.startsWith(`${o}=`)),
  );
}

/** The non-option arguments of a command (after its subcommand words, if given). */
export function operands(command: Command, skip = 0): Word[] {
  return command.args.slice(skip).filter((word) => !word.text.startsWith("-"));
}

/**
 * Whether a path, as written in the file (quotes and backslashes kept), starts with a Windows drive:
 * `C:\app`, `"C:\"`, `c:/app`. Read from the source because quote removal eats the backslashes.
 */
export function windowsAbsolute(raw: string): boolean {
  return /^["']?[A-Za-z]:[\\/]/.test(raw);
}

/** `/usr/bin/pip3` → `pip3`; `C:\tools\curl.exe` → `curl` (Windows images). */
export function baseName(program: string): string {
  const slash = Math.max(program.lastIndexOf("/"), program.lastIndexOf("\\"));
  return (slash === -1 ? program : program.slice(slash + 1)).replace(/\.exe$/i, "");
}

const MAX_INSTRUCTIONS = 20_000;

export function parseDockerfile(file: SourceFile): ParseResult<DockerfileModel> {
  let document: ReturnType<typeof DockerfileParser.parse>;
  try {
    document = DockerfileParser.parse(file.text);
  } catch (error) {
    return skipped(
      `dockerfile-ast could not parse the file: ${error instanceof Error ? error.message : error}`,
    );
  }
  const escapeDirective = document.getDirectives().find((d) => d.getName().toLowerCase() === "escape");
  const escapeChar = escapeDirective?.getValue() === "`" ? "`" : "\\";
  const raw = document.getInstructions();
  if (raw.length > MAX_INSTRUCTIONS) return skipped(`more than ${MAX_INSTRUCTIONS} instructions`);

  const model: DockerfileModel = { globalArgs: [], stages: [], escapeChar };
  for (const item of raw) {
    const range = item.getRange();
    const keywordRange = item.getInstructionRange();
    const instruction = buildInstruction(
      file,
      item.getKeyword().toUpperCase(),
      indexOf(file, range.start),
      indexOf(file, range.end),
      // flags (`--mount=…`) are outside dockerfile-ast's argument range, so read from the keyword on
      indexOf(file, keywordRange.end),
      escapeChar,
      0,
    );
    if (instruction.keyword === "FROM") {
      model.stages.push(buildStage(model, instruction));
      continue;
    }
    let stage = model.stages[model.stages.length - 1];
    if (!stage && instruction.keyword === "ARG") {
      model.globalArgs.push(instruction);
      continue;
    }
    // an instruction before any FROM: a fragment, judged in an implicit stage of its own
    stage ??= implicitStage(model, instruction);
    stage.instructions.push(instruction);
  }
  applyShells(model);
  return parsed(model);
}

/** The shell Docker runs shell-form RUN, CMD and ENTRYPOINT in on Linux. */
export const DEFAULT_SHELL: readonly string[] = ["/bin/sh", "-c"];

/** Whether a shell is a POSIX shell whose bodies the tokenizer understands (not PowerShell, cmd). */
export function isPosixShell(shell: readonly string[]): boolean {
  return /^(?:sh|bash|dash|ash|zsh|ksh|mksh|busybox)$/.test(baseName(shell[0] ?? ""));
}

/**
 * Records on each instruction the shell in effect (SHELL lasts to the end of its stage and is
 * inherited by `FROM <stage>`), and drops the commands of shell-form RUN bodies that PowerShell or
 * cmd runs: POSIX tokenizing them would invent commands.
 */
function applyShells(model: DockerfileModel): void {
  const shellAtEnd: (readonly string[])[] = [];
  for (const stage of model.stages) {
    let shell = stage.parent === null ? DEFAULT_SHELL : (shellAtEnd[stage.parent] ?? DEFAULT_SHELL);
    for (const instruction of stage.instructions) {
      if (instruction.keyword === "SHELL" && instruction.execForm && instruction.args.length > 0) {
        shell = instruction.args.map((word) => word.text);
      }
      for (const target of [instruction, instruction.trigger]) {
        if (!target || target.keyword === "SHELL") continue;
        // a trigger runs in the child build, whose SHELL is unknown: it keeps the default
        if (target === instruction) target.shell = shell;
        if (target.keyword === "RUN" && !target.execForm && !isPosixShell(target.shell)) target.commands = [];
      }
    }
    shellAtEnd[stage.index] = shell;
  }
}

function indexOf(file: SourceFile, position: { line: number; character: number }): number {
  return file.indexAt({ line: position.line + 1, column: position.character + 1 });
}

function located(file: SourceFile, index: number): Located {
  return file.positionAt(index);
}

function toWord(file: SourceFile, word: ShellWord): Word {
  return { text: word.text, index: word.index, end: word.end, ...located(file, word.index) };
}

/** ONBUILD ONBUILD is invalid; the bound only keeps hostile input from recursing. */
const MAX_TRIGGER_DEPTH = 2;

function buildInstruction(
  file: SourceFile,
  keyword: string,
  index: number,
  end: number,
  keywordEnd: number,
  escapeChar: string,
  depth: number,
): Instruction {
  const argsIndex = keywordEnd;
  const start = located(file, index);
  const instruction: Instruction = {
    keyword,
    ...start,
    index,
    end,
    endLine: located(file, end).line,
    keywordEnd,
    flags: [],
    args: [],
    execForm: false,
    commands: [],
    trigger: null,
    onbuild: depth > 0,
    shell: DEFAULT_SHELL,
  };
  const body = file.text.slice(argsIndex, end);
  if (keyword === "ONBUILD") {
    instruction.args = tokenizeShell(body, argsIndex, escapeChar).flatMap((command) =>
      command.words.map((word) => toWord(file, word)),
    );
    const triggerKeyword = /^\s*([A-Za-z]+)/.exec(body);
    if (triggerKeyword && depth < MAX_TRIGGER_DEPTH) {
      const triggerIndex = argsIndex + body.indexOf(triggerKeyword[1]!);
      instruction.trigger = buildInstruction(
        file,
        triggerKeyword[1]!.toUpperCase(),
        triggerIndex,
        end,
        triggerIndex + triggerKeyword[1]!.length,
        escapeChar,
        depth + 1,
      );
    }
    return instruction;
  }
  // exec form: a JSON array of strings, after any flags (`COPY --chown=app ["a", "/b/"]`)
  const flagPrefix = EXEC_FLAG_PREFIX.exec(body)?.[0] ?? "";
  const trimmed = body.slice(flagPrefix.length);
  if (
    trimmed.startsWith("[") &&
    ["RUN", "CMD", "ENTRYPOINT", "SHELL", "COPY", "ADD", "VOLUME"].includes(keyword)
  ) {
    const items = jsonArray(trimmed.replace(/\\\r?\n/g, ""));
    if (items) {
      instruction.execForm = true;
      const flagWords = tokenizeShell(flagPrefix, argsIndex, escapeChar).flatMap((command) =>
        command.words.map((word) => toWord(file, word)),
      );
      instruction.flags = flagWords.map(toFlag);
      // find each item's own position: the JSON strings appear in order in the source
      let cursor = argsIndex + flagPrefix.length;
      instruction.args = items.map((text) => {
        const found = file.text.indexOf(JSON.stringify(text), cursor);
        const index = found === -1 || found >= end ? cursor : found;
        const itemEnd = found === -1 || found >= end ? cursor : found + JSON.stringify(text).length;
        cursor = itemEnd;
        return { text, index, end: itemEnd, ...located(file, index) };
      });
      if (keyword === "RUN")
        instruction.commands = withNestedScripts(file, [makeCommand(instruction.args, null)]);
      return instruction;
    }
  }
  // the instruction's own line (with its continuations) decides about heredocs: `RUN <<EOF`,
  // `RUN bash <<EOF`, `RUN --mount=… \⏎ <<EOF`. The heredoc body starts on the next line.
  const headEnd = instructionLineEnd(body, escapeChar);
  const headLine = headEnd === -1 ? body : body.slice(0, headEnd);
  const heredoc = headEnd === -1 ? null : HEREDOC_MARKER.exec(headLine);
  const headSource = heredoc ? headLine : body;
  const head = tokenizeShell(headSource, argsIndex, escapeChar).map((command) => ({
    separatorBefore: command.separatorBefore,
    words: command.words.map((word) => toWord(file, word)),
  }));
  // leading --flags belong to the instruction, not to the command
  const first = head[0];
  if (first) {
    while (first.words.length > 0 && first.words[0]!.text.startsWith("--")) {
      instruction.flags.push(toFlag(first.words.shift()!));
    }
  }
  instruction.args = head.flatMap((command) => command.words);
  if (keyword !== "RUN") return instruction;

  const commands: Command[] = [];
  for (const command of head) {
    const words = command.words.filter((word) => !/^<<-?/.test(word.text) || !heredoc);
    if (words.length > 0) commands.push(makeCommand(words, command.separatorBefore));
  }
  if (heredoc) {
    // the body runs as a shell script when the RUN line has no command of its own, or calls a shell
    const shellBody = commands.length === 0 || /^(?:ba|da|z|a|k)?sh$/.test(commands[0]?.program ?? "");
    if (shellBody) {
      const bodyStart = argsIndex + headEnd + 1;
      const script = heredocScript(file.text.slice(bodyStart, end), heredoc[2]!);
      // the body is a script the shell reads: Docker's escape character and comment stripping do not
      // apply there, and a backslash-newline is the shell's own continuation
      for (const command of tokenizeShell(script, bodyStart, "\\", true)) {
        commands.push(
          makeCommand(
            command.words.map((word) => toWord(file, word)),
            commands.length === 0 ? null : command.separatorBefore,
          ),
        );
      }
    }
  }
  instruction.commands = withNestedScripts(file, commands);
  return instruction;
}

/** The script of `sh -c 'script'`, `bash -ec "…"`, `bash -o pipefail -c …`; null for other commands. */
function nestedScript(command: Command): Word | null {
  if (!/^(?:ba|da|z|a|k)?sh$/.test(command.program)) return null;
  for (let i = 0; i < command.args.length - 1; i++) {
    const option = command.args[i]!.text;
    if (option === "-o" || option === "+o") i++;
    else if (/^-[a-z]*c[a-z]*$/.test(option)) return command.args[i + 1]!;
    else if (!option.startsWith("-")) return null; // `sh script.sh`: a file, not a string
  }
  return null;
}

/**
 * Adds, after each `sh -c '…'` command, the commands of its script: they run in the build like the
 * RUN's own. Positions are found by locating each word in the script's source text; one level only.
 */
function withNestedScripts(file: SourceFile, commands: Command[]): Command[] {
  const result: Command[] = [];
  for (const command of commands) {
    result.push(command);
    const script = nestedScript(command);
    if (!script) continue;
    const raw = file.text.slice(script.index, script.end);
    let cursor = 0;
    for (const inner of tokenizeShell(script.text, 0, "\\", true)) {
      let approximate = false;
      const words = inner.words.map((word) => {
        const found = raw.indexOf(word.text, cursor);
        if (found === -1) approximate = true; // an escaped word: report near it, never edit there
        const start = script.index + (found === -1 ? cursor : found);
        if (found !== -1) cursor = found + word.text.length;
        return toWord(file, {
          text: word.text,
          index: start,
          end: found === -1 ? start : start + word.text.length,
        });
      });
      if (words.length === 0) continue;
      result.push({ ...makeCommand(words, inner.separatorBefore ?? ";"), approximate, runBy: command });
    }
  }
  return result;
}

/** Leading `--flag` words (and continuations between them) before an exec-form array. */
const EXEC_FLAG_PREFIX = /^(?:(?:\s|\\\r?\n)*--[^\s[]\S*)*(?:\s|\\\r?\n)*/;

/** `--chown=app:app` → { name: "chown", value: "app:app" }. */
function toFlag(word: Word): InstructionFlag {
  const eq = word.text.indexOf("=");
  return {
    name: (eq === -1 ? word.text : word.text.slice(0, eq)).slice(2).toLowerCase(),
    value: eq === -1 ? null : word.text.slice(eq + 1),
    line: word.line,
    column: word.column,
  };
}

const HEREDOC_MARKER = /<<-?\s*(["']?)([A-Za-z_][\w.-]*)\1/;

/**
 * Index of the newline that ends the instruction's line in `body`, following Dockerfile line
 * continuations (escape character at the end of a line); -1 when the instruction ends with `body`.
 */
function instructionLineEnd(body: string, escapeChar: string): number {
  let from = 0;
  for (let lines = 0; lines < MAX_INSTRUCTIONS; lines++) {
    const newline = body.indexOf("\n", from);
    if (newline === -1) return -1;
    const line = body.slice(from, newline).replace(/[ \t\r]+$/, "");
    if (!line.endsWith(escapeChar)) return newline;
    from = newline + 1;
  }
  return -1;
}

/** The heredoc's lines up to (not including) its terminator line; the whole text without one. */
function heredocScript(text: string, terminator: string): string {
  const lines = text.split("\n");
  const last = lines.findIndex((line) => line.replace(/^\t+/, "").trimEnd() === terminator);
  return last === -1 ? text : lines.slice(0, last).join("\n");
}

function makeCommand(words: Word[], separatorBefore: Command["separatorBefore"]): Command {
  const at = programIndex(words);
  const programWord = at === -1 ? undefined : words[at];
  const anchor = words[0]!;
  return {
    words,
    programAt: at,
    program: programWord ? baseName(programWord.text) : "",
    args: at === -1 ? [] : words.slice(at + 1),
    separatorBefore,
    approximate: false,
    runBy: null,
    line: (programWord ?? anchor).line,
    column: (programWord ?? anchor).column,
  };
}

function jsonArray(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value as string[];
  } catch {
    // not JSON: Docker runs it in shell form
  }
  return null;
}

function implicitStage(model: DockerfileModel, first: Instruction): Stage {
  const stage: Stage = {
    index: 0,
    name: null,
    from: null,
    image: describeImage(null, first, false),
    parent: null,
    instructions: [],
  };
  model.stages.push(stage);
  return stage;
}

function buildStage(model: DockerfileModel, from: Instruction): Stage {
  const [imageWord, asWord, nameWord] = from.args;
  const name = asWord && asWord.text.toLowerCase() === "as" && nameWord ? nameWord.text.toLowerCase() : null;
  const written = imageWord?.text ?? null;
  // `ARG TAG=latest` before the FROM: the default build uses the default, so judge that
  const substituted = written?.includes("$") ? substituteArgs(written, model.globalArgs) : null;
  const reference = substituted ?? written;
  const lower = reference?.toLowerCase() ?? "";
  const parentStage = model.stages.find((stage) => stage.name !== null && stage.name === lower);
  const image = describeImage(reference, imageWord ?? from, parentStage !== undefined);
  if (substituted !== null) image.written = written;
  return {
    index: model.stages.length,
    name,
    from,
    image,
    parent: parentStage ? parentStage.index : null,
    instructions: [],
  };
}

/**
 * `${NAME}`, `$NAME`, `${NAME:-word}` replaced by the defaults of global ARGs; null when a variable
 * has no default (its value is unknown) or uses another form.
 */
export function substituteArgs(text: string, globalArgs: readonly Instruction[]): string | null {
  const defaults = new Map<string, string>();
  for (const arg of globalArgs) {
    for (const pair of keyValuePairs(arg)) if (pair.value !== null) defaults.set(pair.key, pair.value);
  }
  let unknown = false;
  const result = text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))|\$\{[^}]*\}?/g,
    (match, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare;
      const value = name === undefined ? undefined : (defaults.get(name) ?? fallback);
      if (value === undefined || value.includes("$")) unknown = true;
      return value ?? match;
    },
  );
  return unknown ? null : result;
}

/** Splits an image reference into repository, tag and digest (registry ports are not tags). */
export function describeImage(reference: string | null, at: Located, stageReference: boolean): FromImage {
  const value = reference ?? "";
  const at2 = { line: at.line, column: at.column };
  const digestAt = value.indexOf("@");
  const digest = digestAt === -1 ? null : value.slice(digestAt + 1);
  const withoutDigest = digestAt === -1 ? value : value.slice(0, digestAt);
  const lastSlash = withoutDigest.lastIndexOf("/");
  const colon = withoutDigest.indexOf(":", lastSlash + 1);
  return {
    reference,
    written: null,
    at: at2,
    stageReference,
    parameterised: value.includes("$"),
    scratch: value.toLowerCase() === "scratch",
    repository: colon === -1 ? withoutDigest : withoutDigest.slice(0, colon),
    tag: colon === -1 ? null : withoutDigest.slice(colon + 1),
    digest,
  };
}

/** Options of package managers that take the next word as their value. */
const VALUE_OPTIONS = new Set([
  "-o",
  "-c",
  "-t",
  "-q=",
  "--option",
  "--config-file",
  "--target-release",
  "-X",
  "-r",
  "--repository",
  "-i",
  "--index-url",
  "--extra-index-url",
  "-e",
  "--editable",
  "--constraint",
  "--requirement",
  "--prefix",
  "--root",
  "--target",
  "--trusted-host",
  "--loglevel",
  "--registry",
]);

/** The first operand of a command (`install` in `apt-get -y install x`), or null. */
export function subcommand(command: Command): Word | null {
  for (let i = 0; i < command.args.length; i++) {
    const word = command.args[i]!;
    if (word.text.startsWith("-")) {
      if (VALUE_OPTIONS.has(word.text)) i++;
      continue;
    }
    return word;
  }
  return null;
}

/** Package operands after the subcommand, skipping options and the values they take. */
export function packageOperands(command: Command, after: Word): Word[] {
  const start = command.args.indexOf(after) + 1;
  const result: Word[] = [];
  for (let i = start; i < command.args.length; i++) {
    const word = command.args[i]!;
    if (word.text.startsWith("-")) {
      if (VALUE_OPTIONS.has(word.text)) i++;
      continue;
    }
    if (/^[0-9]*[<>]/.test(word.text)) break; // redirections end the operands
    result.push(word);
  }
  return result;
}

export function isAptGet(command: Command): boolean {
  return command.program === "apt-get" || command.program === "apt";
}

/** One `key=value` of ENV, ARG or LABEL; `value` is null for `ARG NAME` without a default. */
export interface KeyValue {
  key: string;
  value: string | null;
  /** The word that holds the pair (its position is the key's). */
  at: Word;
}

/**
 * The pairs of an ENV, ARG or LABEL: `KEY=value …`, or the legacy `ENV KEY value with spaces`
 * (one pair, the rest of the line its value) that ENV and LABEL still accept.
 */
export function keyValuePairs(instruction: Instruction): KeyValue[] {
  const args = instruction.args;
  const legacy = instruction.keyword !== "ARG" && args.length >= 2 && !args[0]!.text.includes("=");
  if (legacy) {
    const value = args
      .slice(1)
      .map((word) => word.text)
      .join(" ");
    return [{ key: args[0]!.text, value, at: args[0]! }];
  }
  return args.map((word) => {
    const eq = word.text.indexOf("=");
    return eq === -1
      ? { key: word.text, value: null, at: word }
      : { key: word.text.slice(0, eq), value: word.text.slice(eq + 1), at: word };
  });
}
