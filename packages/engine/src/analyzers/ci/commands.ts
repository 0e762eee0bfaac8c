// Where a shell line runs a command, as opposed to mentioning it: `twine upload` runs,
// `echo twine upload` prints. Used by rules that judge commands found in `run:` scripts.

/** What may stand before a command word: a line start, a separator, or a runner that execs its arguments. */
const COMMAND_PREFIX =
  /(?:^|&&|\|\||;|\||\(|`|\$\(|\b(?:then|do|else|sudo|exec|time|env(?:\s+\w+=\S*)*|npx|pipx\s+run|python3?\s+-m|py\s+-m|(?:uv|poetry|pdm|hatch|pipenv|bundle)\s+(?:run|exec)))\s*$/;

const MAX_LINE = 10_000;

/**
 * Script lines longer than this are generated data, not commands: rules skip them, which keeps
 * every line regex linear in practice on hostile files (a 2 MB one-line script).
 */
export function isJudgeable(line: string): boolean {
  return line.length <= MAX_LINE;
}

/** The first match of `command` on the line that sits in command position, or null. */
export function commandMatch(line: string, command: RegExp): RegExpExecArray | null {
  if (!isJudgeable(line)) return null;
  const global = new RegExp(
    command.source,
    command.flags.includes("g") ? command.flags : `${command.flags}g`,
  );
  for (const match of line.matchAll(global)) {
    const before = line.slice(0, match.index).replace(/\s*\w+=(?:"[^"]*"|'[^']*'|\S*)\s*$/, "");
    if (COMMAND_PREFIX.test(before)) return match as RegExpExecArray;
  }
  return null;
}
