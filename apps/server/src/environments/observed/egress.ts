// Where the readers of observed state may connect. The address of a state backend or a cluster is
// user input, so every connection goes through the product's network policy: the host's addresses
// must be public unicast unless the install allows that host or network. The check happens when
// the socket connects (a custom DNS lookup, so a second DNS answer cannot point elsewhere, and
// redirects are checked too), plus a check of IP literals, which Node connects to without a lookup.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import type tls from "node:tls";
import { addressProblem, type NetworkPolicy, withTimeout } from "@rampart/checkout";
import { Agent, buildConnector } from "undici";

/** A connection the policy refused; its message is safe to show (it names the rule, not the address). */
export class EgressRefused extends Error {
  readonly code = "ESSRF";
}

/** Why the URL may not be fetched (scheme, embedded credentials, an internal literal); undefined when it may. */
export function urlProblem(raw: string, policy: NetworkPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "the address is not a valid URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "only http(s) addresses can be read";
  if (url.protocol === "http:" && !policy.protocols.includes("http")) {
    return "plain http:// is not allowed on this server; use https://";
  }
  if (url.username || url.password) return "the address must not contain a user name or password";
  return literalProblem(url.hostname, policy);
}

/** The problem with connecting to `host` when it is an IP literal (which skips the DNS lookup). */
function literalProblem(host: string, policy: NetworkPolicy): string | undefined {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  if (!isIP(bare)) return undefined;
  const problem = addressProblem(bare, policy);
  return problem ? `refused by policy: the host is ${problem}` : undefined;
}

/** A DNS lookup for sockets that refuses a name resolving to any address the policy forbids. */
export function guardedLookup(policy: NetworkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase();
    withTimeout(policy.lookup(host), policy.lookupTimeoutMs).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(
            Object.assign(new Error("the host name could not be resolved"), { code: "ENOTFOUND" }),
            "",
            4,
          );
          return;
        }
        if (!policy.allowedHosts.includes(host)) {
          for (const address of addresses) {
            const problem = addressProblem(address, policy);
            if (problem) {
              callback(new EgressRefused(`refused by policy: the host resolves to ${problem}`), "", 4);
              return;
            }
          }
        }
        const entries = addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      () =>
        callback(
          Object.assign(new Error("the host name could not be resolved"), { code: "ENOTFOUND" }),
          "",
          4,
        ),
    );
  };
}

/** TLS settings for the connection: a cluster's own CA and client certificate, say. */
export type TlsSettings = Pick<
  tls.ConnectionOptions,
  "ca" | "cert" | "key" | "rejectUnauthorized" | "servername"
>;

/** An undici dispatcher (for fetch) whose every connection, redirects included, is checked. */
export function guardedDispatcher(policy: NetworkPolicy, settings: TlsSettings = {}): Agent {
  const connector = buildConnector({
    ...settings,
    lookup: guardedLookup(policy),
  } as buildConnector.BuildOptions);
  return new Agent({
    connect(options, callback) {
      const problem = literalProblem(options.hostname, policy);
      if (problem) {
        callback(new EgressRefused(problem), null);
        return;
      }
      connector(options, callback);
    },
  });
}

type CreateConnection = (
  options: http.ClientRequestArgs,
  callback: (error: Error | null, socket?: unknown) => void,
) => unknown;

/**
 * node:http(s) agents (for the AWS and Azure SDKs) with the same checks. Agent passes its options
 * (the lookup included) to net/tls.connect; createConnection refuses internal IP literals first,
 * through the callback, which Node turns into the request's error.
 */
export function guardedAgents(policy: NetworkPolicy): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const lookup = guardedLookup(policy);
  const guard = <T extends http.Agent>(agent: T): T => {
    const target = agent as unknown as { createConnection: CreateConnection };
    const original = target.createConnection.bind(agent);
    target.createConnection = (options, callback) => {
      const problem = literalProblem(String(options.host ?? ""), policy);
      if (problem) {
        callback(new EgressRefused(problem));
        return undefined;
      }
      return original(options, callback);
    };
    return agent;
  };
  return {
    httpAgent: guard(new http.Agent({ lookup })),
    httpsAgent: guard(new https.Agent({ lookup })),
  };
}

/**
 * The policy's words when an error (possibly wrapped, or copied field by field, by an SDK) came
 * from the policy refusing a connection; undefined otherwise.
 */
export function refusalOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 6; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (current instanceof EgressRefused || (code === "ESSRF" && typeof message === "string")) {
      return String(message).startsWith("refused by policy") ? String(message) : "refused by policy";
    }
    current = cause;
  }
  return undefined;
}
