// Which of a fixed set of keywords occur in a text, in one pass: an Aho-Corasick automaton compiled
// to a dense transition table. One array lookup per character runs several times faster than
// V8's regex engine on an alternation of ~300 keywords (which tries every alternative at every
// position), and it matches case-insensitively (ASCII) without lower-casing the text first.

/** Characters outside the keywords' alphabet share class 0 (they only ever lead back to the root). */
const OTHER = 0;

export class KeywordIndex {
  readonly keywords: readonly string[];
  private readonly classOf = new Uint8Array(65_536);
  private readonly classCount: number;
  /**
   * `transitions[row + class]` is the next state's row, a state's row being `state * classCount`
   * (pre-multiplied: one add per character); the root's row is 0.
   */
  private readonly transitions: Int32Array;
  /** The keywords (indexes) that end at each state, including those ending in its suffixes. */
  private readonly outputs: (readonly number[] | undefined)[];
  /** `accepting[row]` is 1 when the state has outputs: a typed-array test in the hot loop. */
  private readonly accepting: Uint8Array;

  constructor(keywords: readonly string[]) {
    this.keywords = keywords.map((keyword) => keyword.toLowerCase());
    let classes = 1;
    for (const keyword of this.keywords) {
      for (const char of keyword) {
        const code = char.charCodeAt(0);
        if (this.classOf[code] !== OTHER) continue;
        this.classOf[code] = classes;
        const upper = char.toUpperCase().charCodeAt(0);
        if (upper !== code && upper < 128) this.classOf[upper] = classes;
        classes++;
      }
    }
    if (classes > 255) throw new Error("keyword alphabet larger than 254 characters");
    this.classCount = classes;

    // Built once per process before a file is scanned, so built in as few steps as it can be:
    // states are numbered by their row (`state * classCount`) from the start, and a state's row is
    // its failure state's row copied (a memory copy) with its own edges written over it, rather
    // than every (state, class) pair visited one by one in code that has not warmed up yet.
    let characters = 0;
    for (const keyword of this.keywords) characters += keyword.length;
    // The trie's edges as rows (0: no edge; no edge leads back to the root, whose row is 0), and
    // the classes each state has an edge on.
    const edges = new Int32Array((characters + 1) * classes);
    const edgeClasses: number[][] = [[]];
    const ends: number[][] = [[]];
    this.keywords.forEach((keyword, index) => {
      let row = 0;
      for (const char of keyword) {
        const cls = this.classOf[char.charCodeAt(0)]!;
        if (edges[row + cls] === 0) {
          edges[row + cls] = edgeClasses.length * classes;
          edgeClasses[row / classes]!.push(cls);
          edgeClasses.push([]);
          ends.push([]);
        }
        row = edges[row + cls]!;
      }
      ends[row / classes]!.push(index);
    });

    const states = edgeClasses.length;
    const transitions = new Int32Array(states * classes);
    const failRow = new Int32Array(states);
    const outputs: (number[] | undefined)[] = new Array(states);
    const queue: number[] = [];
    for (const cls of edgeClasses[0]!) {
      transitions[cls] = edges[cls]!;
      queue.push(edges[cls]! / classes);
    }
    // Breadth first: a state's failure state is shallower, so its row is complete when copied.
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const row = state * classes;
      const fail = failRow[state]!;
      const own = ends[state]!;
      const inherited = outputs[fail / classes];
      outputs[state] = own.length || inherited ? [...own, ...(inherited ?? [])] : undefined;
      transitions.copyWithin(row, fail, fail + classes);
      for (const cls of edgeClasses[state]!) {
        const child = edges[row + cls]!;
        failRow[child / classes] = transitions[row + cls]!; // where the failure state goes on cls
        transitions[row + cls] = child;
        queue.push(child / classes);
      }
    }
    this.transitions = transitions;
    this.outputs = outputs;
    this.accepting = new Uint8Array(transitions.length);
    outputs.forEach((output, state) => {
      if (output) this.accepting[state * classes] = 1;
    });
  }

  /** Calls `visit` with each keyword (index into `keywords`) at each place it ends in `text`, ignoring ASCII case. */
  scan(text: string, visit: (keyword: number, end: number) => void): void {
    const { classOf, transitions, accepting, outputs, classCount } = this;
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      row = transitions[row + classOf[text.charCodeAt(i)]!]!;
      if (accepting[row] === 0) continue;
      for (const keyword of outputs[row / classCount]!) visit(keyword, i + 1);
    }
  }

  /** Indexes (into `keywords`) of every keyword that occurs in `text`, ignoring ASCII case. */
  found(text: string): Set<number> {
    const found = new Set<number>();
    this.scan(text, (keyword) => found.add(keyword));
    return found;
  }
}
