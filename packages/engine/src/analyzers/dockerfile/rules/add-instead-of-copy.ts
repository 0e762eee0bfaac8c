import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf } from "../model.ts";

/**
 * ADD unpacks local tar archives; for these ADD does something COPY cannot. Docker decides by the
 * content, so a bare compressed file (`rootfs.xz`) may be a tar as well: replacing it would break it.
 */
const ARCHIVE = /\.(?:tar|gz|bz2|xz|zst|lz|lzma|tgz|tbz2?|txz|tzst)$/i;
const REMOTE = /^(?:https?|ftp|git):\/\/|^git@|\.git(?:#|$)/i;

export const addInsteadOfCopy = defineFileRule<DockerfileModel>({
  id: "dockerfile/add-instead-of-copy",
  analyzer: "dockerfile",
  title: "ADD used for local files instead of COPY",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: ["CTR-BLD-03"],
  fixable: true,
  docs: {
    summary:
      "ADD copies local files that are not archives; COPY does the same without ADD's implicit behaviours.",
    whyItMatters:
      "ADD also fetches URLs and unpacks archives. Using it for plain files hides which behaviour a line relies on, and a later change of the source (a `.tar` appearing) changes what the build does.",
    remediation: "Use COPY for local files and directories; keep ADD for archives you want unpacked.",
    example: "COPY requirements.txt /app/",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3020"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const add of instructionsOf(stage)) {
        if (add.keyword !== "ADD" || add.args.length < 2) continue;
        const sources = add.args.slice(0, -1);
        if (
          sources.some(
            (source) => ARCHIVE.test(source.text) || REMOTE.test(source.text) || source.text.includes("$"),
          )
        )
          continue;
        // --checksum and --keep-git-dir only exist on ADD; keep the instruction then
        if (add.flags.some((flag) => flag.name === "checksum" || flag.name === "keep-git-dir")) continue;
        ctx.report({
          message: "ADD copies local files; use COPY",
          at: { line: add.line, column: add.column },
          fix: {
            description: "replace ADD with COPY",
            edits: [
              {
                start: ctx.file.byteOffsetOfIndex(add.index),
                end: ctx.file.byteOffsetOfIndex(add.keywordEnd),
                text: "COPY",
              },
            ],
          },
        });
      }
    }
  },
});
