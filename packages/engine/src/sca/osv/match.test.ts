// Matching on the real OSV records of every ecosystem in fixtures/osv-sample (a copy of
// /work/shared/osv-sample; see its README.md for sources and licences).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { affects, createAdvisoryIndex, evaluate, lowestFixAbove, matchPackages } from "./match.ts";
import type { OsvRecord } from "./record.ts";
import { readOsvDir } from "./store.ts";

const loaded = readOsvDir(join(import.meta.dirname, "fixtures", "osv-sample"));
const byId = new Map(loaded.records.map((record) => [record.id, record]));

function record(id: string): OsvRecord {
  const found = byId.get(id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
}

type Case = [
  ecosystem: string,
  name: string,
  version: string,
  advisory: string,
  affected: boolean,
  why: string,
];

/** Per ecosystem: affected, not affected, exactly at a fix, last_affected (inclusive), versions lists. */
const CASES: Case[] = [
  // npm
  ["npm", "minimist", "1.0.0", "GHSA-xvch-5gv4-984h", true, "inside introduced..fixed"],
  ["npm", "minimist", "1.2.6", "GHSA-xvch-5gv4-984h", false, "exactly at fixed"],
  ["npm", "minimist", "1.2.8", "GHSA-xvch-5gv4-984h", false, "above fixed"],
  ["npm", "jsonwebtoken", "8.5.1", "GHSA-qwph-4952-7xr6", true, "introduced 0"],
  ["npm", "qs", "6.5.2", "GHSA-hrpp-h998-j3pp", true, "one of nine branches"],
  ["npm", "qs", "6.5.3", "GHSA-hrpp-h998-j3pp", false, "fixed in its branch"],
  ["npm", "qs", "6.6.0", "GHSA-hrpp-h998-j3pp", true, "next branch"],
  ["npm", "request", "2.88.2", "GHSA-p8p7-x288-28g6", true, "last_affected is inclusive"],
  ["npm", "request", "2.88.3", "GHSA-p8p7-x288-28g6", false, "above last_affected"],
  ["npm", "vm2", "3.9.19", "GHSA-cchq-frgv-rjh5", true, "last_affected"],
  ["npm", "lodash.trim", "4.5.1", "GHSA-29mw-wpgm-hmr9", true, "last_affected entry"],
  ["npm", "lodash.trim", "4.5.2", "GHSA-29mw-wpgm-hmr9", false, "above last_affected"],
  ["npm", "ua-parser-js", "0.7.29", "GHSA-pjwm-rvh2-c87w", true, "listed in versions"],
  ["npm", "ua-parser-js", "0.7.30", "GHSA-pjwm-rvh2-c87w", false, "fixed"],
  ["npm", "express", "5.0.0-beta.1", "GHSA-rv95-896h-c2vc", true, "prerelease inside a prerelease range"],
  ["npm", "express", "5.0.0-beta.3", "GHSA-rv95-896h-c2vc", false, "prerelease fix"],
  ["npm", "semver", "7.5.1", "GHSA-c2qf-rxjj-qqgw", true, "branch 7"],
  ["npm", "semver", "6.3.1", "GHSA-c2qf-rxjj-qqgw", false, "branch 6 fix"],
  // PyPI
  ["PyPI", "requests", "2.3.0", "GHSA-j8r2-6x86-q33q", true, "at introduced"],
  ["PyPI", "requests", "2.2.9", "GHSA-j8r2-6x86-q33q", false, "below introduced"],
  ["PyPI", "requests", "2.31.0", "GHSA-j8r2-6x86-q33q", false, "exactly at fixed"],
  ["PyPI", "Requests", "2.30.0", "PYSEC-2023-74", true, "ECOSYSTEM range beside a GIT range; PEP 503 name"],
  ["PyPI", "django", "4.0", "GHSA-2gwj-7jmv-h26r", true, "introduced"],
  ["PyPI", "Django", "4.0.4", "GHSA-2gwj-7jmv-h26r", false, "at fixed"],
  ["PyPI", "gunicorn", "21.2.0", "GHSA-w3h3-4rj7-4ph4", true, "last_affected inclusive"],
  ["PyPI", "gunicorn", "21.2.1.post1", "GHSA-w3h3-4rj7-4ph4", false, "above last_affected"],
  ["PyPI", "gunicorn", "21.2.0.post1", "GHSA-w3h3-4rj7-4ph4", false, "a post release is above last_affected"],
  ["PyPI", "pyyaml", "5.4b1", "GHSA-8q59-q68h-6hv4", true, "a prerelease of the fix is still affected"],
  ["PyPI", "PyYAML", "5.4", "GHSA-8q59-q68h-6hv4", false, "at fixed"],
  ["PyPI", "cryptography", "3.3.1", "PYSEC-2021-63", false, "withdrawn"],
  // Go
  [
    "Go",
    "github.com/dgrijalva/jwt-go",
    "v3.2.0+incompatible",
    "GHSA-w73w-5m7g-f7qc",
    true,
    "last_affected, +incompatible",
  ],
  [
    "Go",
    "github.com/dgrijalva/jwt-go/v4",
    "v4.0.0-preview1",
    "GHSA-w73w-5m7g-f7qc",
    false,
    "at fixed prerelease",
  ],
  ["Go", "google.golang.org/grpc", "v1.58.0", "GHSA-m425-mq94-257g", true, "range introduced"],
  ["Go", "google.golang.org/grpc", "v1.58.3", "GHSA-m425-mq94-257g", false, "at fixed"],
  ["Go", "google.golang.org/grpc", "v1.57.2", "GHSA-m425-mq94-257g", false, "between branches"],
  [
    "Go",
    "golang.org/x/net",
    "v0.0.0-20220906000000-abcdefabcdef",
    "GHSA-69cg-p879-7622",
    true,
    "pseudo-version below a pseudo fix",
  ],
  [
    "Go",
    "golang.org/x/net",
    "v0.0.0-20220906165146-f3363e06e74c",
    "GHSA-69cg-p879-7622",
    false,
    "pseudo-version at fix",
  ],
  ["Go", "golang.org/x/net", "v0.1.0", "GHSA-69cg-p879-7622", false, "release above the pseudo fix"],
  ["Go", "github.com/gin-gonic/gin", "v1.9.0", "GHSA-2c4m-59x9-fr2g", true, "last_affected inclusive"],
  ["Go", "github.com/gin-gonic/gin", "v1.9.1", "GHSA-2c4m-59x9-fr2g", false, "above last_affected"],
  [
    "Go",
    "github.com/gin-gonic/gin",
    "v1.3.0",
    "GHSA-2c4m-59x9-fr2g",
    false,
    "below a pseudo-version introduced",
  ],
  ["Go", "stdlib", "go1.17.9", "GO-2022-0493", true, "SEMVER range, first pair"],
  ["Go", "stdlib", "go1.17.10", "GO-2022-0493", false, "SEMVER range, at first fix"],
  ["Go", "stdlib", "go1.18.1", "GO-2022-0493", true, "SEMVER range, second pair"],
  ["Go", "stdlib", "go1.18.2", "GO-2022-0493", false, "SEMVER range, at second fix"],
  // Maven
  ["Maven", "org.apache.logging.log4j:log4j-core", "2.14.1", "GHSA-jfh8-c2jp-5v3q", true, "Log4Shell"],
  ["Maven", "org.apache.logging.log4j:log4j-core", "2.15.0", "GHSA-jfh8-c2jp-5v3q", false, "at fixed"],
  [
    "Maven",
    "org.apache.logging.log4j:log4j-core",
    "2.12.2",
    "GHSA-jfh8-c2jp-5v3q",
    false,
    "fixed in the 2.12 branch",
  ],
  [
    "Maven",
    "com.fasterxml.jackson.core:jackson-databind",
    "2.13.2",
    "GHSA-57j2-w4cx-62h2",
    true,
    "four-part fix above",
  ],
  [
    "Maven",
    "com.fasterxml.jackson.core:jackson-databind",
    "2.13.2.1",
    "GHSA-57j2-w4cx-62h2",
    false,
    "four-part fix",
  ],
  [
    "Maven",
    "org.springframework:spring-web",
    "5.2.25.RELEASE",
    "GHSA-ccgv-vj62-xf9h",
    true,
    "last_affected with a qualifier",
  ],
  [
    "Maven",
    "org.springframework:spring-web",
    "5.2.9.RELEASE",
    "GHSA-ccgv-vj62-xf9h",
    true,
    "numeric order, not text",
  ],
  [
    "Maven",
    "org.springframework:spring-beans",
    "5.2.20.RELEASE",
    "GHSA-36p3-wjmg-h94x",
    false,
    "at fixed .RELEASE",
  ],
  ["Maven", "io.netty:netty-codec-http", "4.1.76.Final", "GHSA-269q-hmxg-m83q", true, ".Final below the fix"],
  ["Maven", "io.netty:netty-codec-http", "4.1.77.Final", "GHSA-269q-hmxg-m83q", false, "at .Final fix"],
  ["Maven", "org.apache.tomcat:tomcat-coyote", "11.0.0-M4", "GHSA-hfrx-6qgj-fp6c", true, "milestone inside"],
  ["Maven", "org.apache.tomcat:tomcat-coyote", "11.0.0-M5", "GHSA-hfrx-6qgj-fp6c", false, "milestone fix"],
  ["Maven", "log4j:log4j", "1.2.17", "GHSA-w9p3-5cr8-m3jj", true, "introduced only"],
  // NuGet
  ["NuGet", "Microsoft.Data.SqlClient", "5.0.0", "GHSA-98g6-xh36-x2p7", true, "introduced"],
  [
    "NuGet",
    "microsoft.data.sqlclient",
    "5.1.3",
    "GHSA-98g6-xh36-x2p7",
    false,
    "at fixed; ids are case-insensitive",
  ],
  ["NuGet", "Microsoft.Data.SqlClient", "2.1.6", "GHSA-98g6-xh36-x2p7", true, "first branch"],
  [
    "NuGet",
    "System.IdentityModel.Tokens.Jwt",
    "7.0.0-preview5",
    "GHSA-59j7-ghrg-fj52",
    true,
    "prerelease inside",
  ],
  ["NuGet", "System.IdentityModel.Tokens.Jwt", "7.1.2", "GHSA-59j7-ghrg-fj52", false, "at fixed"],
  ["NuGet", "Newtonsoft.Json", "12.0.3", "GHSA-5crp-9r3c-p9vr", true, "no aliases"],
  ["NuGet", "Newtonsoft.Json", "13.0.1", "GHSA-5crp-9r3c-p9vr", false, "at fixed"],
  // RubyGems
  ["RubyGems", "actionpack", "7.0.0", "GHSA-8xww-x3g3-6jcv", true, "at introduced"],
  ["RubyGems", "actionpack", "7.0.4.1", "GHSA-8xww-x3g3-6jcv", false, "at four-part fix"],
  ["RubyGems", "actionpack", "7.0.4", "GHSA-8xww-x3g3-6jcv", true, "below four-part fix"],
  ["RubyGems", "rack", "2.2.3", "GHSA-wq4h-7r42-5hrr", true, "branch 2.2"],
  ["RubyGems", "rack", "2.2.3.1", "GHSA-wq4h-7r42-5hrr", false, "at fix"],
  ["RubyGems", "google-protobuf", "4.0.0.rc.2", "GHSA-735f-pc8j-v9w8", true, "prerelease gem inside"],
  ["RubyGems", "google-protobuf", "3.25.5", "GHSA-735f-pc8j-v9w8", false, "at fix"],
  // crates.io
  ["crates.io", "tokio", "1.9.0", "GHSA-fg7r-2g4j-5cgr", true, "at introduced"],
  ["crates.io", "tokio", "1.8.4", "GHSA-fg7r-2g4j-5cgr", false, "at first fix"],
  ["crates.io", "tokio", "1.13.1", "GHSA-fg7r-2g4j-5cgr", false, "at second fix"],
  ["crates.io", "hyper", "0.14.25", "GHSA-f8vr-r385-rh5r", true, "last_affected inclusive"],
  ["crates.io", "hyper", "0.14.26", "GHSA-f8vr-r385-rh5r", false, "above last_affected"],
  ["crates.io", "rustls", "0.20", "GHSA-6g7w-8wpp-frhj", true, "listed in versions"],
  ["crates.io", "rustls", "0.20.9", "GHSA-6g7w-8wpp-frhj", false, "not listed, in no range"],
  ["crates.io", "time", "0.1.45", "GHSA-wcg3-cvx6-7396", true, "introduced only"],
  // Packagist
  ["Packagist", "guzzlehttp/guzzle", "7.0.0", "GHSA-f2wf-25xc-69c9", true, "at introduced"],
  ["Packagist", "guzzlehttp/guzzle", "7.4.4", "GHSA-f2wf-25xc-69c9", false, "at fixed"],
  [
    "Packagist",
    "GuzzleHttp/Guzzle",
    "v6.5.6",
    "GHSA-f2wf-25xc-69c9",
    true,
    "v prefix, case-insensitive name",
  ],
  ["Packagist", "guzzlehttp/guzzle", "3.9.0", "GHSA-f2wf-25xc-69c9", false, "below introduced"],
  ["Packagist", "league/flysystem", "1.1.3", "GHSA-9f46-5r25-5wfm", true, "range and versions"],
  ["Packagist", "league/flysystem", "1.1.4", "GHSA-9f46-5r25-5wfm", false, "at fixed"],
  // Debian
  ["Debian:9", "openssl", "1.1.0l-1~deb9u5", "DLA-3008-1", true, "listed, and below the fix"],
  ["Debian:9", "openssl", "1.1.0l-1~deb9u6", "DLA-3008-1", false, "at fixed"],
  ["Debian:9", "openssl", "1.1.0l-1", "DLA-3008-1", false, "~ sorts before the bare revision"],
  ["Debian:10", "openssl", "1.1.0l-1~deb9u5", "DLA-3008-1", false, "another release"],
  ["Debian", "openssl", "1.1.0l-1~deb9u5", "DLA-3008-1", true, "no release given: any release"],
  ["Debian:9", "tzdata", "2021a-0+deb9u3", "DLA-3051-1", true, "date-like upstream"],
  ["Debian:4.0", "vlc", "0.8.6-svn20061012.debian-5.1+etch2", "DSA-1819-1", true, "hyphen inside upstream"],
  ["Debian:4.0", "vlc", "0.8.6-svn20061012.debian-5.1+etch3", "DSA-1819-1", false, "at fixed"],
  ["Debian:7", "nginx", "1.2.1-2.2+wheezy2", "DSA-3029-1", true, "record without modified"],
  // Alpine
  ["Alpine:v3.18", "musl", "1.2.4-r2", "ALPINE-CVE-2025-26519", true, "below -r fix"],
  ["Alpine:v3.18", "musl", "1.2.4-r3", "ALPINE-CVE-2025-26519", false, "at fixed"],
  ["Alpine:v3.18", "musl", "0.9.12", "ALPINE-CVE-2025-26519", false, "below introduced"],
  ["Alpine:v3.19", "musl", "1.2.4_git20230717-r4", "ALPINE-CVE-2025-26519", true, "git suffix below fix"],
  ["Alpine:v3.19", "musl", "1.2.4_git20230717-r5", "ALPINE-CVE-2025-26519", false, "git suffix at fix"],
  ["Alpine:v3.19", "musl", "1.2.4-r9", "ALPINE-CVE-2025-26519", true, "1.2.4 is below 1.2.4_git…"],
];

describe("affects() on real OSV records", () => {
  it("loads every fixture record", () => {
    expect(loaded.errors).toEqual([]);
    expect(loaded.records.length).toBe(199);
  });

  it.each(CASES)("%s %s %s × %s → %s (%s)", (ecosystem, name, version, advisory, affected) => {
    expect(evaluate(record(advisory), { ecosystem, name, version })).toEqual({
      status: affected ? "affected" : "not_affected",
    });
  });

  it("covers every ecosystem folder of the sample", () => {
    const covered = new Set(CASES.map(([ecosystem]) => ecosystem.split(":")[0]));
    expect([...covered].sort()).toEqual(
      [
        "Alpine",
        "Debian",
        "Go",
        "Maven",
        "NuGet",
        "Packagist",
        "PyPI",
        "RubyGems",
        "crates.io",
        "npm",
      ].sort(),
    );
  });

  it("never matches a withdrawn record, even on a listed version", () => {
    const withdrawn = record("PYSEC-2021-63");
    expect(withdrawn.withdrawn).toBeDefined();
    expect(affects(withdrawn, { ecosystem: "PyPI", name: "cryptography", version: "3.2" })).toBe(false);
    expect(
      affects(
        { ...withdrawn, withdrawn: undefined },
        { ecosystem: "PyPI", name: "cryptography", version: "3.2" },
      ),
    ).toBe(true);
  });

  it("ignores other packages and ecosystems of a multi-ecosystem record", () => {
    const libwebp = record("GHSA-j7hp-h8jx-5ppr");
    expect(affects(libwebp, { ecosystem: "npm", name: "electron", version: "22.3.0" })).toBe(true);
    expect(affects(libwebp, { ecosystem: "PyPI", name: "electron", version: "22.3.0" })).toBe(false);
    expect(affects(libwebp, { ecosystem: "npm", name: "Electron", version: "22.3.0" })).toBe(false);
  });

  it("reports versions it cannot order as unknown, not as safe", () => {
    expect(
      evaluate(record("GHSA-xvch-5gv4-984h"), { ecosystem: "npm", name: "minimist", version: "latest" }),
    ).toMatchObject({
      status: "unknown",
    });
    expect(
      evaluate(record("GHSA-xvch-5gv4-984h"), { ecosystem: "npm", name: "minimist", version: null }),
    ).toMatchObject({
      status: "unknown",
    });
  });
});

describe("ecosystems of the newer lockfile formats", () => {
  const advisory = (ecosystem: string, name: string, fixed: string): OsvRecord => ({
    id: `TEST-${ecosystem}`,
    modified: "2024-01-01T00:00:00Z",
    references: [],
    affected: [
      {
        package: { ecosystem, name },
        ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed }] }],
      },
    ],
  });

  it("orders CRAN (1.2-3), Hackage, Pub, Hex and SwiftURL versions", () => {
    expect(
      affects(advisory("CRAN", "jsonlite", "1.8-10"), {
        ecosystem: "CRAN",
        name: "jsonlite",
        version: "1.8.7",
      }),
    ).toBe(true);
    expect(
      affects(advisory("CRAN", "jsonlite", "1.8.7"), {
        ecosystem: "CRAN",
        name: "jsonlite",
        version: "1.8-7",
      }),
    ).toBe(false);
    expect(
      affects(advisory("Hackage", "aeson", "2.0.1.0"), {
        ecosystem: "Hackage",
        name: "aeson",
        version: "2.0.0.0",
      }),
    ).toBe(true);
    expect(
      affects(advisory("Pub", "http", "0.13.3"), { ecosystem: "Pub", name: "HTTP", version: "0.13.2" }),
    ).toBe(true);
    expect(
      affects(advisory("Hex", "plug", "1.15.3"), { ecosystem: "Hex", name: "plug", version: "1.15.2" }),
    ).toBe(true);
    const swift = advisory("SwiftURL", "github.com/apple/swift-nio", "2.62.0");
    expect(
      affects(swift, { ecosystem: "SwiftURL", name: "github.com/apple/swift-nio", version: "2.61.1" }),
    ).toBe(true);
  });

  it("reports ConanCenter and CocoaPods, which OSV gives no order, as unknown rather than safe", () => {
    for (const ecosystem of ["ConanCenter", "CocoaPods"]) {
      expect(
        evaluate(advisory(ecosystem, "zlib", "1.2.12"), { ecosystem, name: "zlib", version: "1.2.13" }),
      ).toEqual({ status: "unknown", reason: "unsupported ecosystem" });
    }
  });
});

describe("lowestFixAbove()", () => {
  it.each([
    ["npm", "qs", "6.5.2", "GHSA-hrpp-h998-j3pp", "6.5.3"],
    ["npm", "qs", "6.2.0", "GHSA-hrpp-h998-j3pp", "6.2.4"],
    ["npm", "request", "2.88.2", "GHSA-p8p7-x288-28g6", null],
    ["Go", "stdlib", "go1.18.1", "GO-2022-0493", "1.18.2"],
    ["Go", "stdlib", "go1.17.1", "GO-2022-0493", "1.17.10"],
    ["Maven", "org.apache.logging.log4j:log4j-core", "2.14.1", "GHSA-jfh8-c2jp-5v3q", "2.15.0"],
    ["Maven", "org.apache.logging.log4j:log4j-core", "2.10.0", "GHSA-jfh8-c2jp-5v3q", "2.12.2"],
    ["NuGet", "Microsoft.Data.SqlClient", "3.0.1", "GHSA-98g6-xh36-x2p7", "3.1.5"],
    ["RubyGems", "actionpack", "6.1.3", "GHSA-8xww-x3g3-6jcv", "6.1.7.1"],
    ["crates.io", "tokio", "1.10.0", "GHSA-fg7r-2g4j-5cgr", "1.13.1"],
    ["Packagist", "guzzlehttp/guzzle", "6.0.0", "GHSA-f2wf-25xc-69c9", "6.5.7"],
    ["Debian:9", "openssl", "1.1.0f-3", "DLA-3008-1", "1.1.0l-1~deb9u6"],
    ["Alpine:v3.18", "musl", "1.2.4-r2", "ALPINE-CVE-2025-26519", "1.2.4-r3"],
    ["PyPI", "requests", "2.19.1", "GHSA-j8r2-6x86-q33q", "2.31.0"],
  ] as const)("%s %s %s × %s → %s", (ecosystem, name, version, advisory, expected) => {
    expect(lowestFixAbove(record(advisory), { ecosystem, name, version })).toBe(expected);
  });

  it("across several records, offers the lowest version that clears all of them", () => {
    const log4j = ["GHSA-jfh8-c2jp-5v3q", "GHSA-7rjr-3q55-vv33", "GHSA-p6xc-xr62-6r2g"].map(record);
    const pkg = { ecosystem: "Maven", name: "org.apache.logging.log4j:log4j-core", version: "2.14.1" };
    expect(lowestFixAbove(log4j, pkg)).toBe("2.17.0");
  });
});

describe("matchPackages()", () => {
  const index = createAdvisoryIndex(loaded.records);

  it("merges records that alias each other into one vulnerability named by its CVE", () => {
    const { vulnerabilities } = matchPackages(index, [
      { ecosystem: "PyPI", name: "requests", version: "2.19.1" },
    ]);
    const merged = vulnerabilities.find((vulnerability) => vulnerability.id === "CVE-2023-32681");
    expect(merged).toMatchObject({
      advisories: ["GHSA-j8r2-6x86-q33q", "PYSEC-2023-74"],
      aliases: ["GHSA-j8r2-6x86-q33q", "PYSEC-2023-74"],
      fixedVersion: "2.31.0",
      severity: "med",
    });
    expect(vulnerabilities.filter((vulnerability) => vulnerability.id === "CVE-2023-32681")).toHaveLength(1);
    const ids = vulnerabilities.flatMap((vulnerability) => [vulnerability.id, ...vulnerability.aliases]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("merges a GO record with the GHSA that shares its CVE", () => {
    const extra = { ...record("GO-2022-0493"), id: "GHSA-p782-xgp4-8hr8", aliases: ["CVE-2022-29526"] };
    const merged = matchPackages(createAdvisoryIndex([record("GO-2022-0493"), extra]), [
      { ecosystem: "Go", name: "stdlib", version: "go1.18.1" },
    ]);
    expect(merged.vulnerabilities).toHaveLength(1);
    expect(merged.vulnerabilities[0]).toMatchObject({
      id: "CVE-2022-29526",
      advisories: ["GHSA-p782-xgp4-8hr8", "GO-2022-0493"],
      aliases: ["BIT-golang-2022-29526", "GHSA-p782-xgp4-8hr8", "GO-2022-0493"],
    });
  });

  it("finds what the demo projects plant, with severity and the upgrade to make", () => {
    const { vulnerabilities, unevaluated } = matchPackages(index, [
      { ecosystem: "npm", name: "lodash", version: "4.17.20" },
      { ecosystem: "npm", name: "minimist", version: "1.2.5" },
      { ecosystem: "npm", name: "jsonwebtoken", version: "8.5.1" },
      { ecosystem: "PyPI", name: "Django", version: "3.2.0" },
      { ecosystem: "PyPI", name: "PyYAML", version: "5.3.1" },
    ]);
    expect(unevaluated).toEqual([]);
    const summary = vulnerabilities
      .map((v) => `${v.package.name} ${v.id} ${v.severity} → ${v.fixedVersion}`)
      .sort();
    expect(summary).toEqual(
      [
        "Django CVE-2022-28346 critical → 3.2.13",
        "Django CVE-2022-28347 critical → 3.2.13",
        "PyYAML CVE-2020-14343 critical → 5.4",
        "jsonwebtoken CVE-2022-23529 high → 9.0.0",
        "jsonwebtoken CVE-2022-23539 med → 9.0.0",
        "jsonwebtoken CVE-2022-23540 med → 9.0.0",
        "jsonwebtoken CVE-2022-23541 med → 9.0.0",
        "lodash CVE-2020-28500 med → 4.17.21",
        "lodash CVE-2021-23337 high → 4.17.21",
        "minimist CVE-2021-44906 critical → 1.2.6",
      ].sort(),
    );
    const lodash = vulnerabilities.find((v) => v.id === "CVE-2021-23337");
    expect(lodash?.cvss).toEqual({
      version: "3.1",
      vector: "CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H",
      score: 7.2,
    });
  });

  it("indexes by ecosystem and normalised name, leaving withdrawn records out", () => {
    expect(index.byId.has("PYSEC-2021-63")).toBe(false);
    expect(
      matchPackages(index, [{ ecosystem: "PyPI", name: "cryptography", version: "3.2" }]).vulnerabilities.map(
        (v) => v.id,
      ),
    ).not.toContain("CVE-2020-36242");
    expect(
      matchPackages(index, [{ ecosystem: "PyPI", name: "Py_YAML", version: "5.3.1" }]).vulnerabilities,
    ).toEqual([]);
    expect(
      matchPackages(index, [{ ecosystem: "PyPI", name: "pyyaml", version: "5.3.1" }]).vulnerabilities,
    ).toHaveLength(1);
  });
});
