import { describe, expect, it } from "vitest";
import { parseGitLocation } from "./git-location.ts";
import { createNetworkPolicy, type Lookup, resolveFetchTarget } from "./network-policy.ts";

// Names resolved without DNS: what an attacker's zone could answer.
const answers: Record<string, string[]> = {
  "github.com": ["140.82.121.4"],
  "loopback.example.test": ["127.0.0.1"],
  "mixed.example.test": ["140.82.121.4", "10.0.0.7"],
  "mapped.example.test": ["::ffff:127.0.0.1"],
  "metadata.example.test": ["169.254.169.254"],
  "git.corp.example.test": ["10.20.0.5"],
  "v6.example.test": ["2606:4700::6810:84e5"],
};
const lookup: Lookup = async (host) => {
  const found = answers[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found;
};
const policy = createNetworkPolicy({ lookup });

describe("the network policy refuses internal addresses in every spelling", () => {
  it.each([
    ["http://127.0.0.1:5432/x", "protocol"],
    ["https://127.0.0.1:5432/x", "loopback"],
    ["https://0x7f000001/x", "loopback"],
    ["https://2130706433/x", "loopback"],
    ["https://127.1/x", "loopback"],
    ["ssh://git@0x7f000001/x", "loopback"],
    ["ssh://git@2130706433:22/x", "loopback"],
    ["git@127.1:acme/x.git", "loopback"],
    ["https://[::1]/x", "loopback"],
    ["git@[::1]:acme/x.git", "loopback"],
    ["https://[::ffff:127.0.0.1]/x", "loopback"],
    ["https://[::ffff:7f00:1]/x", "loopback"],
    ["https://[64:ff9b::7f00:1]/x", "NAT64"],
    ["https://[64:ff9b::a9fe:a9fe]/x", "NAT64"],
    ["https://169.254.169.254/latest/meta-data", "link-local"],
    ["https://10.1.2.3/x", "private"],
    ["https://192.168.1.1/x", "private"],
    ["https://172.16.0.1/x", "private"],
    ["https://100.64.0.1/x", "carrier-grade NAT"],
    ["https://0.0.0.0/x", "unspecified"],
    ["https://[::]/x", "unspecified"],
    ["https://224.0.0.1/x", "multicast"],
    ["https://[fe80::1]/x", "link-local"],
    ["https://[fd00:ec2::254]/x", "unique local"],
    ["git://github.com/acme/x.git", "protocol"],
    ["git://127.0.0.1/x", "protocol"],
    ["https://loopback.example.test/x", "resolves to a loopback"],
    ["https://mixed.example.test/x", "resolves to a private"],
    ["https://mapped.example.test/x", "resolves to a loopback"],
    ["https://metadata.example.test/x", "resolves to a link-local"],
    ["file:///etc", "LOCAL_REPOSITORY_ROOTS"],
    ["ftp://github.com/x", "not supported"],
    ["ext::sh%20-c%20touch%20/tmp/x", "not supported"],
    ["https://exa_mple.com/x", "not a valid host name"],
  ])("%s", async (location, why) => {
    const result = await resolveFetchTarget(location, policy);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.kind).toBe("refused");
    expect(result.problem).toContain(why);
  });

  it("refuses localhost through the system resolver", async () => {
    const result = await resolveFetchTarget("https://localhost/x", createNetworkPolicy());
    expect(result).toEqual({
      ok: false,
      kind: "refused",
      problem: "the host resolves to a loopback address",
    });
  });

  it("says a name that does not resolve is unresolved, not refused", async () => {
    const result = await resolveFetchTarget("https://nowhere.example.test/x", policy);
    expect(result).toMatchObject({ ok: false, kind: "unresolved" });
  });
});

describe("what the policy allows", () => {
  it("pins an https fetch to the address it checked and follows no redirect", async () => {
    const result = await resolveFetchTarget("https://github.com/acme/api.git", policy);
    expect(result).toEqual({
      ok: true,
      target: {
        protocol: "https",
        url: "https://github.com/acme/api.git",
        config: {
          "http.followRedirects": "false",
          "http.curloptResolve": "github.com:443:140.82.121.4",
        },
      },
    });
  });

  it("connects ssh to the checked address and checks the host key under the name", async () => {
    const scp = await resolveFetchTarget("git@github.com:acme/api.git", policy);
    expect(scp).toMatchObject({
      ok: true,
      target: {
        url: "git@140.82.121.4:acme/api.git",
        config: { "core.sshCommand": "ssh -o BatchMode=yes -o HostKeyAlias=github.com" },
      },
    });
    const url = await resolveFetchTarget("ssh://git@v6.example.test:2222/acme/api.git", policy);
    expect(url).toMatchObject({
      ok: true,
      target: { url: "ssh://git@[2606:4700::6810:84e5]:2222/acme/api.git" },
    });
  });

  it("allows git:// and http:// only when configured", async () => {
    const open = createNetworkPolicy({ lookup, protocols: ["https", "ssh", "git", "http"] });
    expect(await resolveFetchTarget("git://github.com/acme/api.git", open)).toMatchObject({
      ok: true,
      target: { url: "git://140.82.121.4:9418/acme/api.git" },
    });
    expect((await resolveFetchTarget("http://github.com/acme/api.git", open)).ok).toBe(true);
    expect((await resolveFetchTarget("git://127.0.0.1/x", open)).ok).toBe(false);
  });

  it("lets an install allow its own hosts and networks by name or CIDR", async () => {
    const named = createNetworkPolicy({ lookup, allowInternal: ["git.corp.example.test"] });
    expect(await resolveFetchTarget("https://git.corp.example.test/a/b.git", named)).toMatchObject({
      ok: true,
      target: { config: { "http.curloptResolve": "git.corp.example.test:443:10.20.0.5" } },
    });
    expect((await resolveFetchTarget("https://10.20.0.5/a/b.git", named)).ok).toBe(false);
    const network = createNetworkPolicy({ lookup, allowInternal: ["10.20.0.0/16", "127.0.0.1"] });
    expect((await resolveFetchTarget("https://git.corp.example.test/a/b.git", network)).ok).toBe(true);
    expect((await resolveFetchTarget("https://[::ffff:127.0.0.1]/a/b.git", network)).ok).toBe(true);
    expect((await resolveFetchTarget("https://10.21.0.5/a/b.git", network)).ok).toBe(false);
    expect(() => createNetworkPolicy({ allowInternal: ["not a host!"] })).toThrow(/not a host name/);
  });

  it("reads file:// only under the local roots", async () => {
    const local = createNetworkPolicy({ localRoots: ["/srv/repos"] });
    expect((await resolveFetchTarget("file:///srv/repos/a", local)).ok).toBe(true);
    expect((await resolveFetchTarget("file:///srv/repos/../../etc", local)).ok).toBe(false);
  });
});

describe("git locations", () => {
  it.each([
    ["https://token@github.com/acme/api.git", /credentials are not allowed/],
    ["https://user:secret@github.com/acme/api.git", /credentials are not allowed/],
    ["ssh://git:secret@github.com/acme/api.git", /credentials are not allowed/],
    ["ssh://-oProxyCommand=touch@github.com/x", /user name/],
    ["git@-oProxyCommand=x:acme/api.git", /host name/],
    ["git@github.com:-upload-pack=x", /repository path/],
    ["https://github.com/", /names no repository/],
    ["https://git hub.com/x", /spaces/],
  ])("refuses %s", (location, problem) => {
    const parsed = parseGitLocation(location);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });

  it("keeps an ssh login, which is not a credential", () => {
    expect(parseGitLocation("ssh://git@github.com/acme/api.git")).toMatchObject({
      ok: true,
      location: { protocol: "ssh", username: "git", host: "github.com", port: 22 },
    });
  });
});
