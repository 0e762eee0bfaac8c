// Terraform's HTTP backend: the state is a GET on its address (basic auth when a user name or
// password is set, as Terraform does); 204 or 404 means the workspace has no state yet.
import type { ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import { fetch } from "undici";
import { guardedDispatcher, urlProblem } from "./egress.ts";
import {
  type ObservedLimits,
  parseState,
  ReadFailure,
  type ReadObservedOptions,
  readCapped,
  tooLarge,
} from "./read-result.ts";

type HttpSource = Extract<ObservedSource, { kind: "terraform-http" }>;

export async function readTerraformHttp(
  source: HttpSource,
  credential: ObservedCredential | null,
  options: ReadObservedOptions & { signal: AbortSignal },
): Promise<unknown> {
  const problem = urlProblem(source.address, options.policy);
  if (problem) throw new ReadFailure(`The state address cannot be read: ${problem}`);
  const password = credential && "password" in credential ? credential.password : undefined;
  const headers: Record<string, string> = { accept: "application/json" };
  if (source.username || password) {
    headers.authorization = `Basic ${Buffer.from(`${source.username ?? ""}:${password ?? ""}`).toString("base64")}`;
  }
  const dispatcher = guardedDispatcher(options.policy);
  try {
    // No redirects: the credential is for this address only, and a state server has no reason to move.
    const response = await fetch(source.address, {
      headers,
      dispatcher,
      redirect: "manual",
      signal: options.signal,
    });
    if (response.status === 204 || response.status === 404) {
      await response.body?.cancel();
      throw new ReadFailure("The backend has no state at this address yet (run terraform apply first)");
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ReadFailure("The state server refused the credentials");
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new ReadFailure("The state server answered with a redirect; enter the address it redirects to");
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new ReadFailure(`The state server answered HTTP ${response.status}`);
    }
    checkLength(response.headers.get("content-length"), options.limits);
    if (!response.body) throw new ReadFailure("The state server sent an empty answer");
    return parseState(await readCapped(response.body, options.limits));
  } finally {
    void dispatcher.close();
  }
}

function checkLength(header: string | null, limits: ObservedLimits) {
  if (header && Number(header) > limits.maxBytes) throw tooLarge(limits);
}
