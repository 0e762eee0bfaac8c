// A cheap upper bound on how deeply a YAML, JSON or HCL text nests, computed without a parser.
// Parsers recurse per level; past a few hundred levels the `yaml` package overflows the stack,
// and after such an overflow V8 has been seen to abort the whole process on a later regex
// compilation (fatal "RegExpCompiler Allocation failed"), which no try/catch can stop. So deep
// input is refused before any parser sees it.

/** Well past anything real configuration uses, well below where parsers overflow (~780 levels). */
export const MAX_NESTING_DEPTH = 200;

function isStringStart(previous: string): boolean {
  return previous === "" || "[{,:-=(".includes(previous);
}

/**
 * Flow nesting (brackets outside quoted strings and comments) plus block nesting (indentation
 * levels and `- ` sequence markers), each maximised over the file. Never less than the real depth
 * for YAML, JSON and HCL; may be more on odd input, which only means a false "too deep".
 */
export function nestingDepth(text: string): number {
  let flow = 0;
  let maxFlow = 0;
  let maxBlock = 0;
  const indents: number[] = [];
  let lineStart = true;
  let previous = ""; // last non-blank character on this line, "" at line start
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (lineStart) {
      // Block structure: count the indentation and the sequence dashes that open this line.
      let cursor = index;
      while (text[cursor] === " " || text[cursor] === "\t") cursor++;
      const indent = cursor - index;
      let dashes = 0;
      while (text[cursor] === "-" && (text[cursor + 1] === " " || text[cursor + 1] === "\t")) {
        dashes++;
        cursor += 2;
        while (text[cursor] === " ") cursor++;
      }
      const blank =
        cursor >= text.length || text[cursor] === "\n" || text[cursor] === "\r" || text[cursor] === "#";
      if (!blank) {
        while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
        indents.push(indent);
        maxBlock = Math.max(maxBlock, indents.length + dashes);
      }
      lineStart = false;
      previous = "";
      index = cursor - 1;
      continue;
    }
    if (char === "\n") {
      lineStart = true;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r") continue;
    if ((char === '"' || char === "'") && isStringStart(previous)) {
      // Skip the quoted string: `\` escapes in double quotes, `''` in single quotes.
      let cursor = index + 1;
      while (cursor < text.length) {
        const inner = text[cursor]!;
        if (char === '"' && inner === "\\") cursor += 2;
        else if (inner === char) {
          if (char === "'" && text[cursor + 1] === "'") cursor += 2;
          else break;
        } else cursor++;
      }
      // Newlines inside a string are not line starts of the structure.
      index = cursor;
      previous = char;
      continue;
    }
    if (char === "#" && (previous === "" || text[index - 1] === " " || text[index - 1] === "\t")) {
      while (index + 1 < text.length && text[index + 1] !== "\n") index++;
      continue;
    }
    if (char === "[" || char === "{") {
      flow++;
      if (flow > maxFlow) maxFlow = flow;
    } else if ((char === "]" || char === "}") && flow > 0) {
      flow--;
    }
    previous = char;
  }
  return maxFlow + maxBlock;
}
