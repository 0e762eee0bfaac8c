import { defineFileRule } from "../../../rule.ts";
import {
  type Command,
  type DockerfileModel,
  type Instruction,
  instructionsOf,
  shippedStages,
} from "../model.ts";

/** Archives a RUN unpacks with tar or unzip (a bare `.gz` may be a single file: gunzip, not tar). */
const ARCHIVE = /\.(?:tar|tgz|tbz2?|txz|tzst|tar\.(?:gz|bz2|xz|zst|lz|lzma)|zip)$/i;

/**
 * The last path segment of a word as written in the file. Quote removal eats the backslashes of
 * Windows paths (`"C:\Program Files\app.tar"`), so the name is read from the source text.
 */
function fileName(raw: string): string {
  const unquoted = raw.replace(/^(["'])(.*)\1$/, "$2").replace(/^--file=/, "");
  return unquoted.split(/[/\\]/).pop() ?? "";
}

/** Whether a command unpacks an archive: `tar -xf`, `tar xzf`, `tar --extract`, `unzip`. */
function extracts(command: Command): boolean {
  if (command.program === "unzip") return true;
  if (command.program !== "tar" && command.program !== "bsdtar") return false;
  return command.args.some(
    (word, i) =>
      word.text === "--extract" ||
      word.text === "--get" ||
      /^-[a-zA-Z]*x/.test(word.text) ||
      (i === 0 && /^[a-wyzA-Z]*x[a-zA-Z]*$/.test(word.text)), // old-style `tar xzf app.tgz`
  );
}

/** The archive names a COPY brings in: each archive source's name, and the destination's if it is one. */
function copiedArchives(copy: Instruction, source: string): string[] {
  if (copy.flags.some((flag) => flag.name === "from") || copy.args.length < 2) return [];
  const raw = (word: { index: number; end: number }) => fileName(source.slice(word.index, word.end));
  const names = copy.args
    .slice(0, -1)
    .map(raw)
    .filter((name) => ARCHIVE.test(name) && !/[$*?[]/.test(name));
  if (names.length === 0) return [];
  const destination = raw(copy.args[copy.args.length - 1]!);
  return ARCHIVE.test(destination) ? [...names, destination] : names;
}

export const archiveCopiedThenExtracted = defineFileRule<DockerfileModel>({
  id: "dockerfile/archive-copied-then-extracted",
  analyzer: "dockerfile",
  title: "archive copied into the image, then unpacked in a later RUN",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "A COPY brings a local archive (`app.tar.gz`, `dist.zip`) into a shipped stage and a later RUN unpacks it with tar or unzip.",
    whyItMatters:
      "The COPY's layer keeps the archive for good, next to the unpacked files: the image carries the payload twice, and an `rm` in the RUN does not shrink the earlier layer.",
    remediation:
      "Let ADD unpack a local tar (`ADD app.tar.gz /opt/app/`), or bind-mount the archive into the RUN that unpacks it (`RUN --mount=type=bind,source=dist.zip,target=/tmp/dist.zip unzip /tmp/dist.zip -d /opt/app`). `COPY --from` of another stage is not flagged.",
    example: "ADD app.tar.gz /opt/app/",
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3010",
      "https://docs.docker.com/reference/dockerfile/#adding-local-tar-archives",
    ],
  },
  check(ctx) {
    for (const stage of shippedStages(ctx.model)) {
      const copied = new Map<string, Instruction>();
      for (const instruction of instructionsOf(stage)) {
        if (instruction.keyword === "COPY") {
          for (const name of copiedArchives(instruction, ctx.file.text)) copied.set(name, instruction);
          continue;
        }
        if (instruction.keyword !== "RUN" || copied.size === 0) continue;
        for (const command of instruction.commands) {
          if (!extracts(command)) continue;
          const word = command.args.find((arg) =>
            copied.has(fileName(ctx.file.text.slice(arg.index, arg.end))),
          );
          if (!word) continue;
          const copy = copied.get(fileName(ctx.file.text.slice(word.index, word.end)))!;
          ctx.report({
            message: `${command.program} unpacks "${word.text}", copied in on line ${copy.line}: the archive stays in that layer`,
            at: { line: command.line, column: command.column },
            related: [
              { at: { line: copy.line, column: copy.column }, message: "the COPY that keeps the archive" },
            ],
          });
        }
      }
    }
  },
});
