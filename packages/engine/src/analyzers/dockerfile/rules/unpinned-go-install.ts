import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

/** Module queries that move: `@latest`, branch names that are routinely the default branch. */
const MOVING_QUERIES = new Set(["latest", "master", "main", "head", "upgrade", "patch"]);

/** Build flags that take the next word as their value when written without `=` (`-tags netgo`). */
const VALUE_FLAGS = new Set([
  "-C",
  "-o",
  "-p",
  "-tags",
  "-ldflags",
  "-gcflags",
  "-asmflags",
  "-mod",
  "-modfile",
  "-exec",
  "-pkgdir",
  "-toolexec",
  "-overlay",
  "-pgo",
  "-buildmode",
  "-compiler",
  "-installsuffix",
]);

/** The operands of a go command: words that are neither flags nor a flag's value. */
function goOperands<T extends { text: string }>(words: readonly T[]): T[] {
  const operands: T[] = [];
  for (let i = 0; i < words.length; i++) {
    const text = words[i]!.text;
    if (!text.startsWith("-")) operands.push(words[i]!);
    else if (VALUE_FLAGS.has(text.replace(/^--/, "-"))) i++;
  }
  return operands;
}

export const unpinnedGoInstall = defineFileRule<DockerfileModel>({
  id: "dockerfile/unpinned-go-install",
  analyzer: "dockerfile",
  title: "go install, go run or go get of a remote module without a fixed version",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["SCA-PIN-01"],
  docs: {
    summary:
      "`go install <module path>@latest` or `go run <module path>@latest` (or `@main`, `@master`), or `go get <module path>` without a version, takes whatever the module's newest release or commit is. (`go install` and `go run` of a remote path without any `@version` resolve through go.mod, or fail outside a module.)",
    whyItMatters:
      "Each build compiles different code into the image, pulled straight from the module's repository; a compromised or broken release ships without a reviewed change.",
    remediation:
      "Name a version (`go install golang.org/x/tools/gopls@v0.16.2`) or a commit. Local packages (`./cmd/...`) and variables are not flagged.",
    example: "RUN go install github.com/go-delve/delve/cmd/dlv@v1.23.1",
    references: ["https://go.dev/ref/mod#go-install"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const verb = command.args[0]?.text;
        if (command.program !== "go" || (verb !== "install" && verb !== "get" && verb !== "run")) continue;
        // `go run pkg@v1 args…` names one package; the words after it are the program's arguments
        const packages = goOperands(command.args.slice(1));
        for (const operand of verb === "run" ? packages.slice(0, 1) : packages) {
          if (/[$`]/.test(operand.text)) continue;
          const at = operand.text.lastIndexOf("@");
          // `go install path` and `go run path` (no version) resolve through go.mod or fail outside
          // a module;
          // `go get path` (no version) asks for the newest release of a remote module
          const remote = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i.test(operand.text);
          if (
            at === -1
              ? verb !== "get" || !remote
              : !MOVING_QUERIES.has(operand.text.slice(at + 1).toLowerCase())
          )
            continue;
          ctx.report({
            message: `go ${verb} ${operand.text} takes whatever is newest`,
            at: { line: operand.line, column: operand.column },
          });
        }
      }
    }
  },
});
