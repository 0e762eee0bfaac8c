// A witness over HTTP (node:http): `POST /add-checkpoint` as C2SP tlog-witness defines it, and
// `GET /forks`, the checkpoints it refused as forks (JSON), for its operator to show.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { MAX_ADD_CHECKPOINT_BYTES, type Witness } from "./witness.ts";

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, {
    "content-type": contentType,
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  response.end(body);
}

function sendText(response: ServerResponse, status: number, message: string): void {
  send(response, status, "text/plain; charset=utf-8", `${message}\n`);
}

/** The body, or undefined once it passes `limit` bytes (the rest is not read). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    request.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        request.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

async function addCheckpoint(witness: Witness, request: IncomingMessage, response: ServerResponse) {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > MAX_ADD_CHECKPOINT_BYTES) {
    response.setHeader("connection", "close");
    return sendText(response, 413, `the request is larger than ${MAX_ADD_CHECKPOINT_BYTES} bytes`);
  }
  const body = await readBody(request, MAX_ADD_CHECKPOINT_BYTES);
  if (body === undefined) {
    response.setHeader("connection", "close");
    return sendText(response, 413, `the request is larger than ${MAX_ADD_CHECKPOINT_BYTES} bytes`);
  }
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    return sendText(response, 400, "the request is not UTF-8");
  }
  const answer = await witness.addCheckpoint(text);
  send(response, answer.status, answer.contentType, answer.body);
}

async function forks(witness: Witness, response: ServerResponse) {
  const recorded = await witness.forks();
  const body = { witness: witness.name, vkey: witness.vkey, ...recorded };
  send(response, 200, "application/json", `${JSON.stringify(body)}\n`);
}

/** The request listener of a witness: give it to `http.createServer`. */
export function witnessRequestListener(witness: Witness): RequestListener {
  return (request, response) => {
    const url = new URL(request.url ?? "/", "http://witness.invalid");
    const route = `${request.method} ${url.pathname}`;
    const handled =
      route === "POST /add-checkpoint"
        ? addCheckpoint(witness, request, response)
        : route === "GET /forks"
          ? forks(witness, response)
          : Promise.resolve(
              url.pathname === "/add-checkpoint" || url.pathname === "/forks"
                ? sendText(response, 405, "method not allowed")
                : sendText(response, 404, "not found"),
            );
    handled.catch(() => {
      if (!response.headersSent) sendText(response, 500, "the witness failed to answer");
      else response.destroy();
    });
  };
}
