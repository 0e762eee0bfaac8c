// A small POSIX-shell tokenizer for RUN bodies: enough to split a script into simple commands
// (`&&`, `||`, `|`, `;`, `&`, newlines in heredocs) and each command into words with the file
// index they start at. It does not expand variables or parse control flow; `$(…)`, `<(…)` and
// backticks stay inside the word that contains them, so rules can still look into them.

export type Separator = "&&" | "||" | "|" | ";" | "&" | "newline" | "(" | ")";

export interface ShellWord {
  /** The word with quotes removed and escapes applied. */
  text: string;
  /** UTF-16 index of the word's first character in the file. */
  index: number;
  /** UTF-16 index just past the word's last character in the file. */
  end: number;
}

export interface ShellCommand {
  words: ShellWord[];
  /** What joined this command to the previous one; null for the first command. */
  separatorBefore: Separator | null;
}

/**
 * Tokenizes `source` (a slice of the file that starts at file index `base`).
 * `escapeChar` is the Dockerfile escape character: followed by a newline it continues the line, and a
 * line that then starts with `#` is a Dockerfile comment that Docker removes before the shell runs.
 * `newlines` says whether a bare newline separates commands (heredoc bodies) or not.
 */
export function tokenizeShell(
  source: string,
  base: number,
  escapeChar = "\\",
  newlines = false,
): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let words: ShellWord[] = [];
  let separator: Separator | null = null;
  let text = "";
  let start = -1;
  let end = -1;
  let i = 0;

  const flushWord = () => {
    if (start !== -1) words.push({ text, index: base + start, end: base + end });
    text = "";
    start = -1;
  };
  const flushCommand = (next: Separator) => {
    flushWord();
    if (words.length > 0) commands.push({ words, separatorBefore: separator });
    words = [];
    separator = commands.length === 0 && next !== "(" ? null : next;
  };
  const begin = () => {
    if (start === -1) start = i;
  };
  const skipContinuation = (): boolean => {
    // escapeChar + optional spaces + newline: a Dockerfile line continuation
    let j = i + 1;
    while (source[j] === " " || source[j] === "\t" || source[j] === "\r") j++;
    if (source[j] !== "\n") return false;
    i = j + 1;
    // comment lines (and empty lines) inside a continuation are dropped by Docker
    for (;;) {
      let k = i;
      while (source[k] === " " || source[k] === "\t") k++;
      if (source[k] === "#") {
        const nl = source.indexOf("\n", k);
        i = nl === -1 ? source.length : nl + 1;
      } else if (source[k] === "\n" || (source[k] === "\r" && source[k + 1] === "\n")) {
        i = source.indexOf("\n", k) + 1;
      } else break;
    }
    return true;
  };

  while (i < source.length) {
    const c = source[i]!;
    if (!newlines && c === escapeChar && skipContinuation()) {
      continue; // Docker joins the lines verbatim, so a word may continue on the next line
    }
    // in a script (heredoc body) a backslash-newline is the shell's line continuation: both vanish,
    // and unlike a Dockerfile continuation a following `#` line is not dropped
    if (newlines && c === "\\" && (source[i + 1] === "\n" || i + 1 === source.length)) {
      i += 2;
      continue;
    }
    if (newlines && c === "\\" && source[i + 1] === "\r" && source[i + 2] === "\n") {
      i += 3;
      continue;
    }
    if (c === "\n") {
      if (newlines) flushCommand("newline");
      else flushWord();
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      flushWord();
      i++;
      continue;
    }
    if (c === "#" && start === -1) {
      const nl = source.indexOf("\n", i);
      i = nl === -1 ? source.length : nl;
      continue;
    }
    if (c === "'") {
      begin();
      const close = source.indexOf("'", i + 1);
      const stop = close === -1 ? source.length : close;
      text += source.slice(i + 1, stop);
      i = stop + 1;
      end = Math.min(i, source.length);
      continue;
    }
    if (c === '"') {
      begin();
      i++;
      while (i < source.length && source[i] !== '"') {
        if (source[i] === "\\" && i + 1 < source.length) {
          const next = source[i + 1]!;
          if (next === "\n") {
            i += 2;
            continue;
          }
          text += '"\\$`'.includes(next) ? next : `\\${next}`;
          i += 2;
          continue;
        }
        text += source[i];
        i++;
      }
      i++;
      end = Math.min(i, source.length);
      continue;
    }
    // with `# escape=\`` (Windows images) a backslash is a path separator, not an escape
    if (c === "\\" && escapeChar === "\\" && i + 1 < source.length) {
      begin();
      text += source[i + 1];
      i += 2;
      end = i;
      continue;
    }
    if ((c === "$" || c === "<" || c === ">") && source[i + 1] === "(") {
      // $(…), <(…), >(…): keep the nested text inside this word
      begin();
      let depth = 0;
      const from = i;
      i++;
      while (i < source.length) {
        if (source[i] === "(") depth++;
        else if (source[i] === ")") {
          depth--;
          if (depth === 0) {
            i++;
            break;
          }
        }
        i++;
      }
      text += source.slice(from, i);
      end = i;
      continue;
    }
    if (c === "`") {
      begin();
      const close = source.indexOf("`", i + 1);
      const stop = close === -1 ? source.length : close + 1;
      text += source.slice(i, stop);
      i = stop;
      end = i;
      continue;
    }
    const two = source.slice(i, i + 2);
    if (two === "&&" || two === "||") {
      flushCommand(two);
      i += 2;
      continue;
    }
    if (c === "&" && (source[i - 1] === ">" || source[i + 1] === ">")) {
      begin();
      text += c;
      i++;
      end = i;
      continue;
    }
    if (c === "|" || c === ";" || c === "&" || c === "(" || c === ")") {
      flushCommand(c as Separator);
      i++;
      continue;
    }
    begin();
    text += c;
    i++;
    end = i;
  }
  flushCommand(";");
  return commands;
}

/** Wrappers that run the next word as the command: `sudo apt-get`, `env X=1 pip`, `time make`. */
const WRAPPERS = new Set(["sudo", "env", "time", "nohup", "exec", "command", "nice", "xargs"]);

/**
 * Reserved words that open or continue a compound command: in `if …; then apt-get install x; fi`
 * the command after `then` is `apt-get`. (`for x in …` and `case` stay as they are: no program.)
 */
const RESERVED_WORDS = new Set(["if", "then", "else", "elif", "do", "while", "until", "!", "{"]);

/** Index of the word that is the program, after assignments, reserved words and wrappers; -1 if none. */
export function programIndex(words: readonly ShellWord[]): number {
  let i = 0;
  while (i < words.length) {
    const word = words[i]!.text;
    if (RESERVED_WORDS.has(word)) {
      i++;
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      i++;
      continue;
    }
    if (WRAPPERS.has(word)) {
      i++;
      // skip the wrapper's own options (`sudo -E -u app`, `env -i`)
      while (i < words.length && words[i]!.text.startsWith("-")) {
        const option = words[i]!.text;
        i++;
        if ((option === "-u" || option === "-g") && i < words.length) i++;
      }
      continue;
    }
    return i;
  }
  return -1;
}
