import { describe, expect, it } from "vitest";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parseJuliaManifest } from "./julia-manifest.ts";
import { parseOpamLock } from "./opam-lock.ts";
import { parseRebarLock } from "./rebar-lock.ts";

describe("rebar.lock (Hex)", () => {
  it("format 1.2.0: pkg locks by Hex name, level 0 direct, git locks skipped, pkg_hash ignored", () => {
    const outcome = parseFixture(parseRebarLock, "rebar/rebar.lock");
    expect(rows(outcome)).toEqual([
      "certifi@2.12.0 transitive prod :2",
      "cowboy@2.10.0 direct prod :3",
      "cowlib@2.12.1 transitive prod :4",
      "hackney@1.20.1 direct prod :5",
      "ranch@1.8.0 transitive prod :10",
      "poller@1.0.0 direct prod :11",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]).toMatchObject({ ecosystem: "Hex", purl: "pkg:hex/certifi@2.12.0" });
    expect(outcome.warnings).toEqual(["jsx: git dependency, skipped (no registry version)"]);
  });

  it("the bare list of rebar3 before 3.5", () => {
    expect(rows(parseFixture(parseRebarLock, "rebar/legacy/rebar.lock"))).toEqual([
      "goldrush@0.1.9 transitive prod :1",
      "lager@3.2.4 direct prod :2",
    ]);
  });

  it("refuses other files and unknown formats", () => {
    expect(parseRebarLock("rebar.lock", "hello").ok).toBe(false);
    expect(parseRebarLock("rebar.lock", '{"2.0.0",\n[]}.\n')).toEqual({
      ok: false,
      reason: "rebar.lock: unsupported rebar.lock format 2.0.0",
    });
  });
});

describe("Manifest.toml (Julia)", () => {
  it("format 2.0: stdlib skipped, path and repo-url skipped, direct and test deps from Project.toml", () => {
    const outcome = parseFixture(parseJuliaManifest, "julia/app/Manifest.toml");
    expect(rows(outcome)).toEqual([
      "Aqua@0.8.7 direct dev :7",
      "Compat@4.15.0 transitive dev :16",
      "HTTP@1.10.8 direct prod :22",
      "JSON3@1.14.0 direct prod :28",
      "Parsers@2.8.1 transitive prod :47",
      "URIs@1.5.1 transitive prod :57",
    ]);
    if (!outcome.ok) return;
    // The julia purl type requires the uuid: names are unique only within one registry.
    expect(outcome.packages[2]).toMatchObject({
      ecosystem: "Julia",
      purl: "pkg:julia/HTTP@1.10.8?uuid=cd3eb016-35fb-5094-929b-558a96fad6f3",
    });
    expect(outcome.warnings).toEqual([
      "LocalTools: tracked from the local path ../LocalTools, skipped",
      "MbedTLS: tracked from the git repository https://github.com/JuliaLang/MbedTLS.jl.git, skipped",
    ]);
  });

  it("format 1 (Julia 1.0-1.6) without a Project.toml: direct from the graph", () => {
    const outcome = parseFixture(parseJuliaManifest, "julia/v1/Manifest.toml");
    expect(rows(outcome)).toEqual(["JSON@0.21.4 direct prod :7", "Parsers@2.5.10 transitive prod :13"]);
    if (outcome.ok) expect(outcome.warnings).toEqual([expect.stringContaining("no Project.toml")]);
  });

  it("refuses other TOML and unknown manifest formats", () => {
    expect(parseJuliaManifest("Manifest.toml", '[package]\nname = "x"\n').ok).toBe(false);
    expect(parseJuliaManifest("Manifest.toml", 'manifest_format = "3.0"\n')).toEqual({
      ok: false,
      reason: "Manifest.toml: unsupported manifest_format 3.0",
    });
    expect(parseJuliaManifest("Manifest.toml", "[[x").ok).toBe(false);
  });
});

describe("opam.locked (opam)", () => {
  it("exact pins, with-test and with-doc are dev, pin-depends skipped, direct from the .opam", () => {
    const outcome = parseFixture(parseOpamLock, "opam/weather.opam.locked");
    expect(rows(outcome)).toEqual([
      "alcotest@1.7.0 direct dev :7",
      "astring@0.8.5 transitive dev :8",
      "base-threads@base transitive prod :9",
      "cohttp-lwt-unix@5.3.0 direct prod :10",
      "dune@3.16.0 direct prod :11",
      "lwt@5.7.0 transitive prod :12",
      "ocaml@4.14.2 direct prod :14",
      "ocaml-base-compiler@4.14.2 transitive prod :15",
      "odoc@2.4.2 direct dev :16",
      "yojson@2.1.2 direct prod :18",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[3]).toMatchObject({ ecosystem: "opam", purl: "pkg:opam/cohttp-lwt-unix@5.3.0" });
    expect(outcome.warnings).toEqual(["mylib: pinned to a URL (pin-depends), skipped"]);
  });

  it("warns on a dependency without an exact version; refuses a file that is not opam", () => {
    const outcome = parseOpamLock(
      "x.opam.locked",
      'opam-version: "2.0"\ndepends: [ "a" {>= "1.0"} "b" {= "2.0"} ]\n',
    );
    expect(rows(outcome)).toEqual(["b@2.0 transitive prod :2"]);
    if (outcome.ok) expect(outcome.warnings).toEqual(['a: no exact version (>= "1.0"), skipped']);
    expect(parseOpamLock("x.opam.locked", "depends: []").ok).toBe(false);
    expect(parseOpamLock("x.opam.locked", 'opam-version: "2.0"\n').ok).toBe(false);
  });
});
