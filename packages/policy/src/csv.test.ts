import { describe, expect, it } from "vitest";
import { readCsv } from "./csv.ts";

const fields = (text: string) => {
  const result = readCsv(text);
  if ("error" in result) throw new Error(result.error);
  return result.records.map((record) => record.fields);
};

describe("readCsv (RFC 4180)", () => {
  it("splits records on LF and CRLF and fields on commas", () => {
    expect(fields("a,b,c\n1,2,3\r\n4,5,6")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
      ["4", "5", "6"],
    ]);
  });

  it("keeps commas, line breaks and doubled quotes inside quoted fields", () => {
    expect(fields('id,text\nA,"one, two"\nB,"line 1\nline 2"\nC,"say ""hi"""\nD,""')).toEqual([
      ["id", "text"],
      ["A", "one, two"],
      ["B", "line 1\nline 2"],
      ["C", 'say "hi"'],
      ["D", ""],
    ]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(fields("a,,c,\n")).toEqual([["a", "", "c", ""]]);
  });

  it("skips blank lines and a byte order mark, and counts rows and lines", () => {
    const result = readCsv('\uFEFFa,b\n\n"x\ny",z\n\nq,r\n');
    expect("records" in result && result.records).toEqual([
      { row: 1, line: 1, fields: ["a", "b"] },
      { row: 2, line: 3, fields: ["x\ny", "z"] },
      { row: 3, line: 6, fields: ["q", "r"] },
    ]);
  });

  it("keeps a record of one quoted empty field (it is not a blank line)", () => {
    expect(fields('""\n')).toEqual([[""]]);
  });

  it.each([
    ['a,b\n1,"open\n', /row 2 \(line 2\): a quoted field is not closed/],
    ['a,b\n1,ab"c\n', /row 2 \(line 2\): a quote inside an unquoted field/],
    ['a,b\n\n1,"x"y\n', /row 2 \(line 3\): a quoted field must end at a comma/],
  ])("reports %j with its row and line", (text, message) => {
    const result = readCsv(text);
    expect("error" in result && result.error).toMatch(message);
  });
});
