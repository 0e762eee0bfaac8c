import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestTsa, TEST_TSA_POLICY, type TestTsa, type TestTsaMisbehaviour } from "./testing/test-tsa.ts";
import {
  MAX_TOKEN_BYTES,
  requestTimestamp,
  type TimestampResult,
  timestampRequest,
  verifyTimestampToken,
} from "./timestamp.ts";

const body = "rampart.example.com/ledger/acme\n42\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n";

function stamp(tsa: { url: string }, timeoutMs = 5_000): Promise<TimestampResult> {
  return requestTimestamp({ url: tsa.url, data: body, timeoutMs });
}

async function tokenFrom(tsa: TestTsa): Promise<Buffer> {
  const result = await stamp(tsa);
  if (!result.ok) throw new Error(`test TSA failed: ${result.message}`);
  return result.token;
}

async function withTsa<T>(misbehave: TestTsaMisbehaviour, use: (tsa: TestTsa) => Promise<T>): Promise<T> {
  const tsa = await startTestTsa({ misbehave });
  try {
    return await use(tsa);
  } finally {
    await tsa.close();
  }
}

describe("timestampRequest", () => {
  it("asks for SHA-256 of the data with a fresh positive 64-bit nonce and the TSA certificate", () => {
    const first = timestampRequest(body);
    const second = timestampRequest(body);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.nonce > 0n && first.nonce < 1n << 63n).toBe(true);
    const parsed = pkijs.TimeStampReq.fromBER(new Uint8Array(first.der));
    expect(parsed.version).toBe(1);
    expect(parsed.certReq).toBe(true);
    expect(parsed.messageImprint.hashAlgorithm.algorithmId).toBe("2.16.840.1.101.3.4.2.1");
    expect(Buffer.from(parsed.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      createHash("sha256").update(body).digest(),
    );
  });
});

describe("an honest TSA", () => {
  let tsa: TestTsa;
  let token: Buffer;
  let result: TimestampResult;
  beforeAll(async () => {
    tsa = await startTestTsa({ name: "Honest TSA" });
    result = await stamp(tsa);
    token = result.ok ? result.token : Buffer.alloc(0);
  });
  afterAll(() => tsa.close());

  it("grants a token that names the TSA, its serial and the time", () => {
    expect(result).toMatchObject({ ok: true, tsa: "CN=Honest TSA, O=Rampart Tests" });
    if (!result.ok) return;
    expect(result.serial).toMatch(/^[0-9a-f]+$/);
    expect(result.genTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Math.abs(Date.parse(result.genTime) - Date.now())).toBeLessThan(60_000);
    expect(tsa.requests).toBe(1);
  });

  it("verifies the token against the TSA's root and the same data", async () => {
    const verified = await verifyTimestampToken(token, body, { trustedRoots: [tsa.rootPem] });
    expect(verified).toEqual({
      ok: true,
      genTime: result.ok && result.genTime,
      serial: result.ok && result.serial,
      tsa: "CN=Honest TSA, O=Rampart Tests",
      policy: TEST_TSA_POLICY,
    });
    // Bytes or a string of the same UTF-8 bytes are the same data.
    expect((await verifyTimestampToken(token, Buffer.from(body), { trustedRoots: [tsa.rootPem] })).ok).toBe(
      true,
    );
  });

  it("refuses other data", async () => {
    const tampered = body.replace("\n42\n", "\n43\n");
    expect(await verifyTimestampToken(token, tampered, { trustedRoots: [tsa.rootPem] })).toMatchObject({
      ok: false,
      reason: "imprint-mismatch",
    });
  });

  it("refuses a token when the verifier trusts another root, or none", async () => {
    const other = await startTestTsa({ name: "Honest TSA" });
    try {
      expect(await verifyTimestampToken(token, body, { trustedRoots: [other.rootPem] })).toMatchObject({
        ok: false,
        reason: "untrusted",
      });
      // The TSA's own (leaf) certificate is not a root the verifier chose.
      expect(await verifyTimestampToken(token, body, { trustedRoots: [] })).toMatchObject({
        ok: false,
        reason: "no-trusted-roots",
      });
      expect(await verifyTimestampToken(token, body, { trustedRoots: ["not a pem"] })).toMatchObject({
        ok: false,
        reason: "no-trusted-roots",
      });
      // One good root among bad ones still counts.
      const roots = [other.rootPem, "garbage", tsa.rootPem];
      expect((await verifyTimestampToken(token, body, { trustedRoots: roots })).ok).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("refuses a token whose time lies after the verifier's clock", async () => {
    const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
    expect(await verifyTimestampToken(token, body, { trustedRoots: [tsa.rootPem], now: past })).toMatchObject(
      {
        ok: false,
        reason: "gen-time-in-future",
      },
    );
  });

  it("never throws on hostile bytes", async () => {
    const roots = { trustedRoots: [tsa.rootPem] };
    const garbage: Uint8Array[] = [
      Buffer.alloc(0),
      Buffer.from("hello"),
      Buffer.from([0x30, 0x82, 0xff, 0xff]),
      token.subarray(0, token.length - 10),
      Buffer.concat([token, Buffer.from([0])]),
      createHash("sha512").update("x").digest(),
    ];
    for (const input of garbage) {
      expect((await verifyTimestampToken(input, body, roots)).ok, `input of ${input.length} bytes`).toBe(
        false,
      );
    }
    expect(await verifyTimestampToken(Buffer.from("junk"), body, roots)).toMatchObject({
      reason: "malformed",
    });
  });

  it("refuses every flipped byte, except in the few fields CMS leaves unsigned, which change no fact", async () => {
    const honest = await verifyTimestampToken(token, body, { trustedRoots: [tsa.rootPem] });
    let accepted = 0;
    // Every fourth byte keeps the test fast (each verification checks two ECDSA signatures).
    for (let index = 0; index < token.length; index += 4) {
      const flipped = Buffer.from(token);
      flipped[index]! ^= 0x01;
      const verified = await verifyTimestampToken(flipped, body, { trustedRoots: [tsa.rootPem] });
      if (!verified.ok) continue;
      // e.g. the unsigned digestAlgorithms set, or a string tag in the signer's issuer and serial
      accepted += 1;
      expect(verified, `byte ${index}`).toEqual(honest);
    }
    expect(accepted).toBeLessThan(12);
  }, 60_000);

  it("refuses a token larger than 64 KiB unread", async () => {
    const huge = Buffer.concat([token, Buffer.alloc(MAX_TOKEN_BYTES)]);
    expect(await verifyTimestampToken(huge, body, { trustedRoots: [tsa.rootPem] })).toMatchObject({
      ok: false,
      reason: "too-large",
    });
  });
});

describe("a misbehaving TSA", () => {
  // What the client refuses while requesting: the reply does not answer this request.
  const refusedOnRequest: [TestTsaMisbehaviour, string][] = [
    ["wrong-nonce", "nonce-mismatch"],
    ["wrong-imprint", "imprint-mismatch"],
    ["reject", "rejected"],
    ["garbage", "bad-response"],
    ["oversized", "too-large"],
    ["server-error", "http-error"],
  ];
  it.each(refusedOnRequest)("%s is refused by requestTimestamp (%s)", async (misbehave, reason) => {
    await withTsa(misbehave, async (tsa) => {
      expect(await stamp(tsa)).toMatchObject({ ok: false, reason });
    });
  });

  // What the verifier refuses: a well-formed token that must not be trusted.
  const refusedOnVerify: [TestTsaMisbehaviour, string][] = [
    ["no-eku", "bad-eku"],
    ["non-critical-eku", "bad-eku"],
    ["extra-eku", "bad-eku"],
    ["no-signing-certificate", "no-signing-certificate"],
    ["tampered-signature", "bad-signature"],
    ["expired-cert", "outside-validity"],
  ];
  it.each(refusedOnVerify)("%s is refused by verifyTimestampToken (%s)", async (misbehave, reason) => {
    await withTsa(misbehave, async (tsa) => {
      const token = await tokenFrom(tsa);
      expect(await verifyTimestampToken(token, body, { trustedRoots: [tsa.rootPem] })).toMatchObject({
        ok: false,
        reason,
      });
    });
  });

  it("a TSA that does not answer in time times out", async () => {
    const tsa = await startTestTsa({ delayMs: 5_000 });
    try {
      const started = Date.now();
      expect(await stamp(tsa, 200)).toMatchObject({ ok: false, reason: "timeout" });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await tsa.close();
    }
  });
});

describe("requestTimestamp at the HTTP edge", () => {
  let server: Server;
  let url: string;
  const replies = new Map<string, { status: number; type: string; body: Buffer; length?: string }>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      const reply = replies.get(request.url ?? "")!;
      const headers: Record<string, string> = { "content-type": reply.type };
      if (reply.length) headers["content-length"] = reply.length;
      response.writeHead(reply.status, headers);
      response.end(reply.length ? undefined : reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses a reply of another content type, a declared oversize, and an unreachable TSA", async () => {
    replies.set("/html", { status: 200, type: "text/html", body: Buffer.from("<html>") });
    expect(await stamp({ url: `${url}/html` })).toMatchObject({ ok: false, reason: "bad-response" });
    replies.set("/big", {
      status: 200,
      type: "application/timestamp-reply",
      body: Buffer.alloc(0),
      length: String(MAX_TOKEN_BYTES + 1),
    });
    expect(await stamp({ url: `${url}/big` })).toMatchObject({ ok: false, reason: "too-large" });
    expect(await stamp({ url: "http://127.0.0.1:1/tsa" })).toMatchObject({ ok: false, reason: "network" });
  });

  it("goes through the fetch it is given", async () => {
    const tsa = await startTestTsa();
    try {
      let calls = 0;
      const counting: typeof fetch = (input, init) => {
        calls += 1;
        return fetch(input, init);
      };
      const result = await requestTimestamp({ url: tsa.url, data: body, timeoutMs: 5_000, fetch: counting });
      expect(result.ok).toBe(true);
      expect(calls).toBe(1);
    } finally {
      await tsa.close();
    }
  });
});

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

describe.skipIf(!hasOpenssl)("interop with OpenSSL", () => {
  it("openssl ts -verify accepts a token from the test TSA", async () => {
    const tsa = await startTestTsa();
    const folder = mkdtempSync(join(tmpdir(), "rampart-tsa-"));
    try {
      const token = await tokenFrom(tsa);
      writeFileSync(join(folder, "data"), body);
      writeFileSync(join(folder, "token.der"), token);
      writeFileSync(join(folder, "root.pem"), tsa.rootPem);
      const verify = (dataFile: string) =>
        spawnSync(
          "openssl",
          ["ts", "-verify", "-token_in", "-in", "token.der", "-data", dataFile, "-CAfile", "root.pem"],
          { cwd: folder, encoding: "utf8" },
        );
      const honest = verify("data");
      expect(honest.stdout + honest.stderr).toContain("Verification: OK");
      writeFileSync(join(folder, "other"), `${body}x`);
      expect(verify("other").status).not.toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await tsa.close();
    }
  });
});
