// A small RFC 4180 reader: comma-separated fields, CRLF or LF between records, fields in double
// quotes may hold commas, line breaks and doubled quotes. Pure; errors name the row and line.

export interface CsvRecord {
  /** 1-based position among the records, the header being record 1. */
  readonly row: number;
  /** 1-based line of the file where the record starts. */
  readonly line: number;
  readonly fields: readonly string[];
}

export type CsvResult = { readonly records: readonly CsvRecord[] } | { readonly error: string };

/** Reads every record; blank lines (outside quotes) are skipped. Stops at the first malformed record. */
export function readCsv(text: string): CsvResult {
  const records: CsvRecord[] = [];
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let line = 1;
  let position = 0;
  while (position < source.length) {
    const startLine = line;
    const fields: string[] = [];
    let field = "";
    let quoted = false;
    let fieldStarted = false;
    let ended = false;
    const where = () => `row ${records.length + 1} (line ${startLine})`;
    while (position < source.length && !ended) {
      const char = source[position] as string;
      if (quoted) {
        if (char === '"') {
          if (source[position + 1] === '"') {
            field += '"';
            position += 2;
            continue;
          }
          quoted = false;
          position += 1;
          const next = source[position];
          if (next !== undefined && next !== "," && next !== "\n" && next !== "\r")
            return { error: `${where()}: a quoted field must end at a comma or the end of the line` };
          continue;
        }
        if (char === "\n") line += 1;
        field += char;
        position += 1;
        continue;
      }
      if (char === '"') {
        if (fieldStarted || field.length > 0)
          return {
            error: `${where()}: a quote inside an unquoted field; quote the whole field and double the quote`,
          };
        quoted = true;
        fieldStarted = true;
        position += 1;
      } else if (char === ",") {
        fields.push(field);
        field = "";
        fieldStarted = false;
        position += 1;
      } else if (char === "\r" || char === "\n") {
        position += char === "\r" && source[position + 1] === "\n" ? 2 : 1;
        line += 1;
        ended = true;
      } else {
        field += char;
        position += 1;
      }
    }
    if (quoted) return { error: `${where()}: a quoted field is not closed` };
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === "" && !fieldStarted;
    if (!blank) records.push({ row: records.length + 1, line: startLine, fields });
  }
  return { records };
}
