import { describe, expect, it } from "vitest";
import { catalogue } from "./catalogue/index.ts";
import { KeywordIndex } from "./keyword-index.ts";

const words = (index: KeywordIndex, text: string) =>
  [...index.found(text)].map((i) => index.keywords[i]).sort();

describe("KeywordIndex", () => {
  it("finds every keyword that occurs, overlapping and nested ones included", () => {
    const index = new KeywordIndex(["sk_", "sk_live_", "live", "ghp_", "aws"]);
    expect(words(index, "key = sk_live_abc")).toEqual(["live", "sk_", "sk_live_"]);
    expect(words(index, "ghp_ and awsaws")).toEqual(["aws", "ghp_"]);
    expect(words(index, "nothing here")).toEqual([]);
  });

  it("ignores ASCII case in the text and the keywords", () => {
    const index = new KeywordIndex(["AKIA", "xoxb-"]);
    expect(words(index, "aws_key=AkIa1234 XOXB-1")).toEqual(["akia", "xoxb-"]);
  });

  it("follows failure links across partial matches", () => {
    const index = new KeywordIndex(["abcd", "bce", "cf"]);
    expect(words(index, "abcf")).toEqual(["cf"]);
    expect(words(index, "abce")).toEqual(["bce"]);
  });

  it("agrees with indexOf on random text", () => {
    const alphabet = "ab_-AB";
    const keywords = ["ab", "ba", "a_b", "b-", "aab", "_-", "bb"];
    const index = new KeywordIndex(keywords);
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 200; round++) {
      const text = Array.from({ length: 30 }, () => alphabet[next() % alphabet.length]).join("");
      const expected = keywords.filter((k) => text.toLowerCase().includes(k)).sort();
      expect(words(index, text), text).toEqual(expected);
    }
  });

  it("reports every keyword end that a naive search finds, over the catalogue's own keywords", () => {
    // The catalogue's few hundred keywords share prefixes and suffixes (sk_, sk_live_, _key): the
    // failure links and the rows copied from them are exercised far beyond the small cases above.
    const keywords = [...new Set(catalogue.flatMap((entry) => entry.keywords))];
    const index = new KeywordIndex(keywords);
    let seed = 11;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 50; round++) {
      // Pieces of keywords (whole, cut, case changed) between random characters.
      const text = Array.from({ length: 40 }, () => {
        const keyword = index.keywords[next(index.keywords.length)]!;
        const piece = keyword.slice(next(3), keyword.length - next(3));
        return (next(2) ? piece.toUpperCase() : piece) + "x_-:= 9"[next(7)];
      }).join("");
      const expected: string[] = [];
      const lower = text.toLowerCase();
      index.keywords.forEach((keyword, keywordIndex) => {
        for (let at = lower.indexOf(keyword); at !== -1; at = lower.indexOf(keyword, at + 1))
          expected.push(`${keywordIndex}@${at + keyword.length}`);
      });
      const found: string[] = [];
      index.scan(text, (keyword, end) => found.push(`${keyword}@${end}`));
      expect(found.sort(), text).toEqual(expected.sort());
    }
  });
});
