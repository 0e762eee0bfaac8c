import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

/** Module queries that move: `@latest`, branch names that are routinely the default branch. */
const MOVING_QUERIES = new Set(["latest", "master", "main", "head", "upgrade", "patch"]);

export const unpinnedGoInstall = defineFileRule<DockerfileModel>({
  id: "dockerfile/unpinned-go-install",
  analyzer: "dockerfile",
  title: "go install of a remote tool without a fixed version",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["SCA-PIN-01"],
  docs: {
    summary:
      "`go install <module path>@latest` (or `@main`, `@master`) builds whatever the module's newest commit or release is. (`go install` of a remote path without any `@version` fails outside a module.)",
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
        if (command.program !== "go" || command.args[0]?.text !== "install") continue;
        for (const operand of command.args.slice(1)) {
          if (operand.text.startsWith("-") || /[$`]/.test(operand.text)) continue;
          const at = operand.text.lastIndexOf("@");
          if (at === -1) continue; // a local package or one resolved through go.mod
          if (!MOVING_QUERIES.has(operand.text.slice(at + 1).toLowerCase())) continue;
          ctx.report({
            message: `go install ${operand.text} builds whatever is newest`,
            at: { line: operand.line, column: operand.column },
          });
        }
      }
    }
  },
});
