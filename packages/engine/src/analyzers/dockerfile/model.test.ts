// The Dockerfile model on its own: fragments, ONBUILD triggers, heredoc bodies, SHELL, ARG defaults.
import { describe, expect, it } from "vitest";
import { SourceFile } from "../../source.ts";
import {
  type DockerfileModel,
  instructionsOf,
  parseDockerfile,
  runCommands,
  substituteArgs,
} from "./model.ts";

function model(text: string): DockerfileModel {
  const result = parseDockerfile(new SourceFile("Dockerfile", text));
  if (!result.ok) throw new Error("expected the file to parse");
  return result.model;
}

function commandsOf(text: string): string[][] {
  return model(text).stages.flatMap((stage) =>
    [...runCommands(stage)].map(({ command }) => [command.program, ...command.args.map((word) => word.text)]),
  );
}

describe("dockerfile model", () => {
  it("puts instructions written before any FROM in an implicit stage; global ARGs stay global", () => {
    const parsed = model("ARG V=1\nRUN make\nUSER app\n");
    expect(parsed.globalArgs.map((arg) => arg.args[0]?.text)).toEqual(["V=1"]);
    expect(parsed.stages).toHaveLength(1);
    expect(parsed.stages[0]!.from).toBeNull();
    expect(parsed.stages[0]!.instructions.map((instruction) => instruction.keyword)).toEqual(["RUN", "USER"]);
  });

  it("parses an ONBUILD trigger as an instruction, yielded by instructionsOf and runCommands", () => {
    const parsed = model("FROM debian:12\nONBUILD RUN apt-get install -y curl\n");
    const stage = parsed.stages[0]!;
    const trigger = stage.instructions[0]!.trigger!;
    expect(trigger.keyword).toBe("RUN");
    expect(trigger.onbuild).toBe(true);
    expect([...instructionsOf(stage)].map((instruction) => instruction.keyword)).toEqual(["ONBUILD", "RUN"]);
    expect(commandsOf("FROM debian:12\nONBUILD RUN apt-get install -y curl\n")).toEqual([
      ["apt-get", "install", "-y", "curl"],
    ]);
  });

  it("treats a backslash-newline in a heredoc body as the shell's continuation, not a word", () => {
    const text =
      "FROM debian:12\nRUN <<EOF\napt-get install \\\n  -y curl\n# a comment\necho done\nEOF\nRUN true\n";
    expect(commandsOf(text)).toEqual([["apt-get", "install", "-y", "curl"], ["echo", "done"], ["true"]]);
  });

  it("finds the heredoc on a continued RUN line and ends the body at its terminator", () => {
    const text =
      "FROM debian:12\nRUN --mount=type=cache,target=/var/cache/apt \\\n  <<EOF\napt-get update\nEOF\n";
    expect(commandsOf(text)).toEqual([["apt-get", "update"]]);
  });

  it("records the SHELL in effect and does not tokenize PowerShell bodies", () => {
    const parsed = model(
      'FROM windows\nSHELL ["pwsh", "-Command"]\nRUN Get-Item a | Select b\nFROM windows AS x\nRUN ls\n',
    );
    expect(parsed.stages[0]!.instructions[1]!.shell).toEqual(["pwsh", "-Command"]);
    expect(parsed.stages[0]!.instructions[1]!.commands).toEqual([]);
    expect(parsed.stages[1]!.instructions[0]!.shell).toEqual(["/bin/sh", "-c"]);
  });

  it("adds the commands of sh -c scripts after the command that runs them", () => {
    expect(commandsOf("FROM debian:12\nRUN bash -ec 'apt-get update && apt-get install -y curl'\n")).toEqual([
      ["bash", "-ec", "apt-get update && apt-get install -y curl"],
      ["apt-get", "update"],
      ["apt-get", "install", "-y", "curl"],
    ]);
  });

  it("reads flags before an exec-form array", () => {
    const copy = model('FROM debian:12\nCOPY --chown=app ["a", "/b/"]\n').stages[0]!.instructions[0]!;
    expect(copy.execForm).toBe(true);
    expect(copy.flags.map((flag) => [flag.name, flag.value])).toEqual([["chown", "app"]]);
    expect(copy.args.map((word) => word.text)).toEqual(["a", "/b/"]);
  });

  it("substitutes global ARG defaults in FROM, and leaves unknown values unknown", () => {
    // the Dockerfile `${NAME}` syntax, built so that it is not read as a template placeholder
    const tag = (name: string) => ["$", "{", name, "}"].join("");
    const parsed = model(`ARG TAG=latest\nARG NONE\nFROM debian:${tag("TAG")}\nFROM debian:$NONE\n`);
    expect(parsed.stages[0]!.image.tag).toBe("latest");
    expect(parsed.stages[0]!.image.written).toBe(`debian:${tag("TAG")}`);
    expect(parsed.stages[1]!.image.parameterised).toBe(true);
    expect(substituteArgs(`a:${tag("X:-1.2")}`, [])).toBe("a:1.2");
    expect(substituteArgs(`a:${tag("X")}`, [])).toBeNull();
  });
});
