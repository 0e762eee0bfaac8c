import { describe, expect, it } from "vitest";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parsePipfileLock } from "./pipfile-lock.ts";
import { parsePdmLock, parsePoetryLock, parseUvLock } from "./python-lock.ts";

describe("Python lockfiles", () => {
  it("poetry.lock 1.x: category", () => {
    expect(rows(parseFixture(parsePoetryLock, "poetry/v1/poetry.lock"))).toEqual([
      "certifi@2021.10.8 transitive prod :2",
      "pytest@6.2.5 direct dev :10",
      "requests@2.26.0 direct prod :21",
    ]);
  });

  it("poetry.lock 2.0: dev from pyproject groups and the graph, names normalised", () => {
    expect(rows(parseFixture(parsePoetryLock, "poetry/v2/poetry.lock"))).toEqual([
      "black@24.2.0 direct dev :4",
      "click@8.1.7 transitive prod :17",
      "flask@3.0.2 direct prod :25",
      "werkzeug@3.0.1 transitive prod :37",
    ]);
  });

  it("poetry.lock 2.1: groups", () => {
    const outcome = parseFixture(parsePoetryLock, "poetry/v2-groups/poetry.lock");
    expect(rows(outcome)).toEqual(["idna@3.10 direct prod :4", "mypy@1.15.0 direct dev :13"]);
    if (outcome.ok) expect(outcome.warnings[0]).toContain("inferred");
  });

  it("Pipfile.lock: default and develop, Pipfile for direct, editable paths skipped", () => {
    expect(rows(parseFixture(parsePipfileLock, "pipenv/Pipfile.lock"))).toEqual([
      "charset-normalizer@3.3.2 transitive prod :19",
      "requests@2.31.0 direct prod :26",
      "pytest@8.0.0 direct dev :39",
    ]);
  });

  it("pdm.lock 4.x: groups", () => {
    expect(rows(parseFixture(parsePdmLock, "pdm/pdm.lock"))).toEqual([
      "anyio@4.2.0 direct prod :11",
      "idna@3.6 transitive prod :22",
      "pytest-asyncio@0.23.3 direct dev :29",
      "sniffio@1.3.0 transitive prod :36",
    ]);
  });

  it("uv.lock: the editable project gives direct and dev", () => {
    expect(rows(parseFixture(parseUvLock, "uv/uv.lock"))).toEqual([
      "fastapi@0.110.0 direct prod :22",
      "pydantic@2.6.4 transitive prod :32",
      "ruff@0.3.4 direct dev :37",
      "starlette@0.36.3 transitive prod :42",
    ]);
  });

  it("refuses unknown versions and corrupt files", () => {
    expect(parseFixture(parsePoetryLock, "python-broken/poetry.lock")).toEqual({
      ok: false,
      reason: "python-broken/poetry.lock: unsupported lock-version 3.0",
    });
    expect(parseFixture(parseUvLock, "python-broken/uv.lock")).toEqual({
      ok: false,
      reason: "python-broken/uv.lock: unsupported version 2",
    });
    expect(parseFixture(parsePdmLock, "python-broken/corrupt.lock")).toMatchObject({ ok: false });
  });
});
