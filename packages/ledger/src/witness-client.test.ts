import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { cosignCheckpoint, verifyCosignatures } from "./cosignature.ts";
import { splitNote } from "./note.ts";
import { generateKeyPair } from "./signing.ts";
import { forkOf, testLog } from "./witness.fixture.ts";
import { createMemoryStore, createWitness } from "./witness.ts";
import { addCheckpointBody, submitCheckpoint } from "./witness-client.ts";
import { witnessRequestListener } from "./witness-http.ts";

const log = testLog("rampart.example.com/tenants/acme", 40);

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
  servers = [];
});

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function realWitness() {
  const witness = createWitness({
    name: "auditor.example/witness",
    privateKey: generateKeyPair().privateKey,
    logs: [{ origin: log.origin, vkey: log.vkey }],
    store: createMemoryStore(),
  });
  return witness;
}

describe("addCheckpointBody", () => {
  it("writes the tlog-witness request", () => {
    const proof = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    expect(addCheckpointBody(3, proof, "note\n")).toBe(
      `old 3\n${proof[0]!.toString("base64")}\n${proof[1]!.toString("base64")}\n\nnote\n`,
    );
    expect(() => addCheckpointBody(-1, [], "n\n")).toThrow(TypeError);
    expect(() => addCheckpointBody(0, [Buffer.alloc(31)], "n\n")).toThrow(TypeError);
  });
});

describe("submitCheckpoint against a witness over HTTP", () => {
  it("is cosigned, then told of a conflict, then refused for a fork", async () => {
    const witness = realWitness();
    const url = await serve(witnessRequestListener(witness));
    const input = { url, witnessVkey: witness.vkey };

    const first = await submitCheckpoint({ ...input, oldSize: 0, proof: [], note: log.checkpoint(10) });
    expect(first.kind).toBe("cosigned");
    const lines = first.kind === "cosigned" ? first.lines : [];
    const cosigned = `${log.checkpoint(10)}${lines.map((line) => `${line}\n`).join("")}`;
    expect(verifyCosignatures(cosigned, [witness.vkey])).toMatchObject({
      vouching: [{ name: witness.name }],
    });

    const stale = await submitCheckpoint({ ...input, oldSize: 0, proof: [], note: log.checkpoint(20) });
    expect(stale).toEqual({ kind: "conflict", witnessSize: 10 });
    const retried = await submitCheckpoint({
      ...input,
      oldSize: 10,
      proof: log.proof(10, 20),
      note: log.checkpoint(20),
    });
    expect(retried.kind).toBe("cosigned");

    const fork = forkOf(log, 40);
    const forked = await submitCheckpoint({ ...input, oldSize: 20, proof: [], note: fork.checkpoint(20) });
    expect(forked).toMatchObject({ kind: "refused", status: 422 });
    const recorded = await (await fetch(`${url}/forks`)).json();
    expect(recorded).toMatchObject({
      witness: witness.name,
      vkey: witness.vkey,
      forks: [{ reason: "same-size-different-root", origin: log.origin }],
      omitted: 0,
    });

    const unknown = testLog("other.example/log", 3);
    expect(await submitCheckpoint({ ...input, oldSize: 0, proof: [], note: unknown.checkpoint(3) })).toEqual({
      kind: "refused",
      status: 404,
      message: "unknown log origin other.example/log",
    });
  });

  it("keeps only the lines that verify with the witness's key", async () => {
    const witnessKey = generateKeyPair();
    const witness = createWitness({
      name: "w.example/a",
      privateKey: witnessKey.privateKey,
      logs: [{ origin: log.origin, vkey: log.vkey }],
      store: createMemoryStore(),
    });
    const note = log.checkpoint(5);
    const text = (splitNote(note) as { ok: true; note: { text: string } }).note.text;
    const good = cosignCheckpoint({
      name: witness.name,
      privateKey: witnessKey.privateKey,
      checkpointText: text,
      time: 9,
    });
    const otherKey = cosignCheckpoint({
      name: witness.name,
      privateKey: generateKeyPair().privateKey,
      checkpointText: text,
      time: 9,
    });
    const otherText = cosignCheckpoint({
      name: witness.name,
      privateKey: witnessKey.privateKey,
      checkpointText: text.replace("\n5\n", "\n6\n"),
      time: 9,
    });
    const answering = (body: string) =>
      serve((_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end(body);
      });
    const mixed = await submitCheckpoint({
      url: await answering(`${otherKey}\n${good}\ngarbage\n${otherText}\n`),
      witnessVkey: witness.vkey,
      oldSize: 0,
      proof: [],
      note,
    });
    expect(mixed).toEqual({ kind: "cosigned", lines: [good] });
    const none = await submitCheckpoint({
      url: await answering(`${otherKey}\n${otherText}\n`),
      witnessVkey: witness.vkey,
      oldSize: 0,
      proof: [],
      note,
    });
    expect(none).toMatchObject({ kind: "refused", status: 200 });
  });

  it("reports an unreachable witness, a slow one, a huge answer and a redirect", async () => {
    const witness = realWitness();
    const base = { witnessVkey: witness.vkey, oldSize: 0, proof: [], note: log.checkpoint(1) };
    const closed = await serve(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await submitCheckpoint({ ...base, url: closed })).toMatchObject({
      kind: "unreachable",
      message: expect.stringContaining("ECONNREFUSED"),
    });

    const slow = await serve(() => {});
    expect(await submitCheckpoint({ ...base, url: slow, timeoutMs: 200 })).toEqual({
      kind: "unreachable",
      message: "the witness did not answer in time",
    });

    const huge = await serve((_request, response) => {
      response.writeHead(500);
      response.end("x".repeat(100_000));
    });
    expect(await submitCheckpoint({ ...base, url: huge, maxResponseBytes: 1000 })).toEqual({
      kind: "refused",
      status: 500,
      message: "the witness's answer is too large",
    });

    const redirecting = await serve((_request, response) => {
      response.writeHead(307, { location: "http://127.0.0.1:9/add-checkpoint" });
      response.end();
    });
    expect((await submitCheckpoint({ ...base, url: redirecting })).kind).toBe("unreachable");

    const rude = await serve((_request, response) => {
      response.writeHead(409, { "content-type": "text/plain" });
      response.end("\u001b[31mnot a size\n");
    });
    expect(await submitCheckpoint({ ...base, url: rude })).toEqual({
      kind: "refused",
      status: 409,
      message: "?[31mnot a size",
    });
  });

  it("answers 413 for a body over 64 KiB and 404/405 elsewhere", async () => {
    const url = await serve(witnessRequestListener(realWitness()));
    const big = await fetch(`${url}/add-checkpoint`, { method: "POST", body: "x".repeat(70 * 1024) });
    expect(big.status).toBe(413);
    expect((await fetch(`${url}/add-checkpoint`)).status).toBe(405);
    expect((await fetch(`${url}/nothing`)).status).toBe(404);
    const notUtf8 = await fetch(`${url}/add-checkpoint`, {
      method: "POST",
      body: new Uint8Array([0xff, 0x0a]),
    });
    expect(notUtf8.status).toBe(400);
  });
});
