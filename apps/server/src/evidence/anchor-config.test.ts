import { generateKeyPairSync } from "node:crypto";
import { cosignerVerifierKey, verifierKey } from "@rampart/ledger";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { parseWitnessEntries } from "./anchor-config.ts";

const witnessKey = (name: string) => cosignerVerifierKey(name, generateKeyPairSync("ed25519").publicKey);

describe("LEDGER_WITNESSES", () => {
  it("reads entries separated by newlines or commas", () => {
    const a = witnessKey("witness.example/a");
    const b = witnessKey("witness.example/b");
    const parsed = parseWitnessEntries(`https://a.example/witness/ ${a}\n, http://127.0.0.1:7001 ${b}\n`);
    expect(parsed).toEqual({
      ok: true,
      witnesses: [
        { name: "witness.example/a", url: "https://a.example/witness", vkey: a },
        { name: "witness.example/b", url: "http://127.0.0.1:7001", vkey: b },
      ],
    });
    expect(parseWitnessEntries("")).toEqual({ ok: true, witnesses: [] });
  });

  it("refuses an invalid entry by naming it", () => {
    const key = witnessKey("w");
    const logKey = verifierKey("w", generateKeyPairSync("ed25519").publicKey);
    for (const [text, problem] of [
      [`ftp://a.example ${key}`, /must be https/],
      [`http://a.example ${key}`, /http only on localhost/],
      [`https://user:pw@a.example ${key}`, /credentials/],
      ["https://a.example", /expected "<URL> <vkey>"/],
      ["https://a.example w+12345678+AAAA", /w\+12345678/],
      [`https://a.example ${logKey}`, /not a cosignature/],
      [`https://a.example ${key}, https://b.example ${key}`, /a second witness named w/],
    ] as const) {
      const parsed = parseWitnessEntries(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message, text).toMatch(problem);
    }
  });

  it("stops the server from starting with a bad entry, or TSA_URL without its roots", () => {
    expect(() => loadConfig({ LEDGER_WITNESSES: "https://a.example nonsense" })).toThrow(
      /LEDGER_WITNESSES: "https:\/\/a.example nonsense"/,
    );
    expect(() => loadConfig({ TSA_URL: "https://tsa.example" })).toThrow(/TSA_URL: needs TSA_ROOT_CERTS/);
    expect(loadConfig({ TSA_URL: "https://tsa.example", TSA_ROOT_CERTS: "/etc/tsa.pem" })).toMatchObject({
      TSA_URL: "https://tsa.example",
      LEDGER_WITNESSES: [],
    });
  });
});
