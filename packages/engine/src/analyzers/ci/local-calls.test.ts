import { describe, expect, it } from "vitest";
import { localTargetPaths } from "./local-calls.ts";

describe("localTargetPaths", () => {
  it("names an action folder's action.yml/action.yaml, or the reusable workflow file itself", () => {
    expect(localTargetPaths("./.github/actions/greet")).toEqual([
      ".github/actions/greet/action.yml",
      ".github/actions/greet/action.yaml",
    ]);
    expect(localTargetPaths("./.github/actions/greet/")).toEqual([
      ".github/actions/greet/action.yml",
      ".github/actions/greet/action.yaml",
    ]);
    expect(localTargetPaths("./.github/workflows/reusable.yml")).toEqual([".github/workflows/reusable.yml"]);
    expect(localTargetPaths(".\\actions\\greet")).toEqual([
      "actions/greet/action.yml",
      "actions/greet/action.yaml",
    ]);
  });

  it("names the repository's root action for `./`", () => {
    expect(localTargetPaths("./")).toEqual(["action.yml", "action.yaml"]);
  });
});
