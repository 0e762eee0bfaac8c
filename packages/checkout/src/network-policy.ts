// Decides whether the server may fetch a git location, and how git is to connect so that it
// reaches exactly the address that was checked. A host is resolved once; every address it
// resolves to must be public unicast (ipaddr.js's classification after unwrapping IPv4-mapped
// IPv6), unless the install allows that host or network by name. git is then pinned to the
// checked address (curl's resolve list for http(s), the address itself for ssh and git://), so a
// second DNS answer cannot send it elsewhere, and it follows no redirects.
import { promises as dns } from "node:dns";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { type GitLocation, type GitProtocol, parseGitLocation } from "./git-location.ts";

/** Resolves a host name to its addresses; injectable so tests need no DNS. */
export type Lookup = (host: string) => Promise<string[]>;

export type NetworkProtocol = Exclude<GitProtocol, "file">;

export interface NetworkPolicy {
  /** Network protocols git may use: https and ssh, and http and git only when configured. */
  protocols: readonly NetworkProtocol[];
  /** Host names (lower case) allowed whatever they resolve to: a self-hosted install's own servers. */
  allowedHosts: readonly string[];
  /** Networks allowed although internal. */
  allowedNetworks: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** Directories under which `file://` locations may be read; none: file:// is refused. */
  localRoots: readonly string[];
  lookup: Lookup;
  lookupTimeoutMs: number;
}

export const DEFAULT_PROTOCOLS: readonly NetworkProtocol[] = ["https", "ssh"];

/**
 * Builds a policy. `allowInternal` lists host names, addresses and CIDRs (`git.corp`,
 * `10.0.0.5`, `10.1.0.0/16`, `fd00::/8`); an entry that is none of these throws.
 */
export function createNetworkPolicy(
  options: {
    protocols?: readonly NetworkProtocol[];
    allowInternal?: readonly string[];
    localRoots?: readonly string[];
    lookup?: Lookup;
    lookupTimeoutMs?: number;
  } = {},
): NetworkPolicy {
  const allowedHosts: string[] = [];
  const allowedNetworks: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of options.allowInternal ?? []) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, "$1");
    if (!entry) continue;
    if (entry.includes("/")) {
      allowedNetworks.push(ipaddr.parseCIDR(entry));
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      allowedNetworks.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(entry)) {
      allowedHosts.push(entry);
    } else {
      throw new Error(`not a host name, address or CIDR: ${raw}`);
    }
  }
  return {
    protocols: options.protocols ?? DEFAULT_PROTOCOLS,
    allowedHosts,
    allowedNetworks,
    localRoots: (options.localRoots ?? []).map((root) => path.resolve(root)),
    lookup: options.lookup ?? systemLookup,
    lookupTimeoutMs: options.lookupTimeoutMs ?? 10_000,
  };
}

async function systemLookup(host: string): Promise<string[]> {
  const answers = await dns.lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

const RANGE_NAMES: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a carrier-grade NAT address",
  uniqueLocal: "a private (unique local) address",
  multicast: "a multicast address",
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  rfc6052: "a NAT64 address",
};

/** Why an address may not be fetched from, or undefined when it may. */
export function addressProblem(address: string, policy: Pick<NetworkPolicy, "allowedNetworks">) {
  if (!ipaddr.isValid(address)) return "not an address";
  // process() unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1) to the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  for (const [network, bits] of policy.allowedNetworks) {
    if (parsed.kind() === network.kind() && parsed.match(network, bits)) return undefined;
  }
  const range = parsed.range();
  if (range === "unicast") return undefined;
  return RANGE_NAMES[range] ?? "a reserved address";
}

/** A local path inside one of the roots (after resolving `..`). */
export function pathInsideRoots(location: string, roots: readonly string[]): boolean {
  const resolved = path.resolve(location);
  return roots.some((root) => resolved === root || resolved.startsWith(`${root}${path.sep}`));
}

export type TargetFailure = {
  ok: false;
  /** `refused`: the policy forbids it; `unresolved`: the host's name did not resolve (now). */
  kind: "refused" | "unresolved";
  /** Safe to show: names the rule, never the address a name resolved to. */
  problem: string;
};

/** How to fetch a checked location: the URL and configuration to give git. */
export interface FetchTarget {
  protocol: GitProtocol;
  url: string;
  config: Record<string, string>;
}

export type TargetResult = { ok: true; target: FetchTarget } | TargetFailure;

const refused = (problem: string): TargetFailure => ({ ok: false, kind: "refused", problem });

/** Checks a git location against the policy and resolves its host once, pinning git to the answer. */
export async function resolveFetchTarget(location: string, policy: NetworkPolicy): Promise<TargetResult> {
  const parsed = parseGitLocation(location);
  if (!parsed.ok) return refused(parsed.problem);
  const target = parsed.location;
  if (target.protocol === "file") {
    if (!pathInsideRoots(target.path, policy.localRoots)) {
      return refused("local paths are allowed only under LOCAL_REPOSITORY_ROOTS");
    }
    return { ok: true, target: { protocol: "file", url: target.url, config: {} } };
  }
  if (!policy.protocols.includes(target.protocol)) {
    return refused(`the ${target.protocol}:// protocol is not allowed on this server`);
  }

  const namedHost = !ipaddr.isValid(target.host);
  let addresses: string[];
  if (!namedHost) {
    addresses = [ipaddr.process(target.host).toString()];
  } else {
    try {
      addresses = await withTimeout(policy.lookup(target.host), policy.lookupTimeoutMs);
    } catch {
      return { ok: false, kind: "unresolved", problem: "the host name could not be resolved" };
    }
    if (addresses.length === 0) {
      return { ok: false, kind: "unresolved", problem: "the host name could not be resolved" };
    }
  }
  if (!(namedHost && policy.allowedHosts.includes(target.host))) {
    for (const address of addresses) {
      const problem = addressProblem(address, policy);
      if (problem) {
        return refused(namedHost ? `the host resolves to ${problem}` : `the host is ${problem}`);
      }
    }
  }
  return { ok: true, target: pinned(target, ipaddr.process(addresses[0]!).toString()) };
}

function bracketed(address: string): string {
  return address.includes(":") ? `[${address}]` : address;
}

function pinned(location: Exclude<GitLocation, { protocol: "file" }>, address: string): FetchTarget {
  const host = bracketed(address);
  switch (location.protocol) {
    case "https":
    case "http": {
      // The URL keeps its name (TLS checks the certificate against it); curl connects to the address.
      const config: Record<string, string> = { "http.followRedirects": "false" };
      if (!ipaddr.isValid(location.host)) {
        config["http.curloptResolve"] = `${location.host}:${location.port}:${host}`;
      }
      return { protocol: location.protocol, url: location.url, config };
    }
    case "ssh": {
      // ssh checks the host key under the name the user registered, not under the address.
      const config = { "core.sshCommand": `ssh -o BatchMode=yes -o HostKeyAlias=${location.host}` };
      const user = location.username ? `${location.username}@` : "";
      const url = location.scpLike
        ? `${user}${host}:${location.path}`
        : `ssh://${user}${host}:${location.port}${location.path}`;
      return { protocol: "ssh", url, config };
    }
    case "git":
      return { protocol: "git", url: `git://${host}:${location.port}${location.path}`, config: {} };
  }
}

/** Rejects with "timed out" when `promise` has not settled within `ms` (a DNS lookup, a connect). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
