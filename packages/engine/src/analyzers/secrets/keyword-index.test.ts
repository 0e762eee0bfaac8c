import { describe, expect, it } from "vitest";
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
});
