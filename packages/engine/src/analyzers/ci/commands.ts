// Where a shell line runs a command, as opposed to mentioning it: `twine upload` runs,
// `echo twine upload` prints. Used by rules that judge commands found in `run:` scripts.

/** What may stand before a command word: a line start, a separator, or a runner that execs its arguments. */
const COMMAND_PREFIX =
  /(?:^|&&|\|\||;|\||\(|`|\$\(|\b(?:then|do|else|sudo|exec|time|env(?:\s+\w+=\S*)*|npx|pipx\s+run|python(?:3(?:\.\d+)?)?\s+-m|py\s+-m|(?:uv|poetry|pdm|hatch|pipenv|bundle)\s+(?:run|exec)))\s*$/;

const MAX_LINE = 10_000;

/**
 * Script lines longer than this are generated data, not commands: rules skip them, which keeps
 * every line regex linear in practice on hostile files (a 2 MB one-line script).
 */
export function isJudgeable(line: string): boolean {
  return line.length <= MAX_LINE;
}

/** The global form of each command pattern, built once: rules ask for every line of every script. */
const globalForms = new WeakMap<RegExp, RegExp>();

function globalForm(command: RegExp): RegExp {
  let global = globalForms.get(command);
  if (global === undefined) {
    global = new RegExp(command.source, command.flags.includes("g") ? command.flags : `${command.flags}g`);
    globalForms.set(command, global);
  }
  return global;
}

/** The first match of `command` on the line that sits in command position, or null. */
export function commandMatch(line: string, command: RegExp): RegExpExecArray | null {
  if (!isJudgeable(line)) return null;
  const global = globalForm(command);
  // Most lines do not mention the command at all: tell that with one search before listing matches.
  global.lastIndex = 0;
  const mentioned = global.test(line);
  global.lastIndex = 0;
  if (!mentioned) return null;
  for (const match of line.matchAll(global)) {
    const before = line.slice(0, match.index).replace(/\s*\w+=(?:"[^"]*"|'[^']*'|\S*)\s*$/, "");
    if (COMMAND_PREFIX.test(before)) return match as RegExpExecArray;
  }
  return null;
}
