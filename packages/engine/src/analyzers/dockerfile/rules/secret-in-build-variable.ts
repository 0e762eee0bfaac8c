import { literalValueSpan } from "../../../redact.ts";
import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, type Instruction, instructionsOf, type Word } from "../model.ts";

const SECRET_NAME =
  /(?:PASSWORD|PASSWD|PASSPHRASE|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH_?KEY)/i;
/** Names that point at a secret instead of holding one, or describe it. */
const NOT_A_VALUE =
  /_(?:FILE|PATH|DIR|URL|URI|ENDPOINT|HOST|PORT|NAME|USER|USERNAME|ID|LENGTH|TTL|TIMEOUT|EXPIRY|EXPIRES|HEADER|TYPE|ENABLED|REGION|ARN)$/i;
const AWS_ACCESS_KEY = /^(?:AKIA|ASIA)[A-Z0-9]{16}$/;
/** Values that are not secrets: references, booleans, obvious placeholders. */
const NOT_A_SECRET = /^(?:|true|false|yes|no|on|off|none|null|0|1|-)$/i;

interface Variable {
  name: string;
  value: string | null;
  at: Word;
}

/** ENV/ARG arguments as name/value pairs; `ENV KEY value` (legacy form) included. */
function variables(instruction: Instruction): Variable[] {
  const args = instruction.args;
  if (instruction.keyword === "ENV" && args.length >= 2 && !args[0]!.text.includes("=")) {
    return [
      {
        name: args[0]!.text,
        value: args
          .slice(1)
          .map((w) => w.text)
          .join(" "),
        at: args[0]!,
      },
    ];
  }
  return args.map((word) => {
    const eq = word.text.indexOf("=");
    return eq === -1
      ? { name: word.text, value: null, at: word }
      : { name: word.text.slice(0, eq), value: word.text.slice(eq + 1), at: word };
  });
}

export const secretInBuildVariable = defineFileRule<DockerfileModel>({
  id: "dockerfile/secret-in-build-variable",
  analyzer: "dockerfile",
  title: "Secret written into ENV or ARG",
  severity: "critical",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [798, 538],
  controls: ["CTR-BLD-05", "SEC-HC-01"],
  docs: {
    summary:
      "An ENV or ARG whose name says it holds a password, token, secret or key is given a literal value in the Dockerfile.",
    whyItMatters:
      "ENV values are stored in the image configuration and ARG values in its build history; anyone who can pull the image (or read the repository) reads the secret, long after it was rotated in one place and not the other.",
    remediation:
      "Pass build-time secrets with BuildKit secret mounts (`RUN --mount=type=secret,id=npm_token …`) and runtime secrets through the orchestrator. An ARG without a default is fine: it is not stored in the Dockerfile.",
    example: "RUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci",
    references: ["https://docs.docker.com/build/building/secrets/"],
  },
  check(ctx) {
    const instructions = [
      ...ctx.model.globalArgs,
      ...ctx.model.stages.flatMap((stage) => [...instructionsOf(stage)]),
    ];
    for (const instruction of instructions) {
      if (instruction.keyword !== "ENV" && instruction.keyword !== "ARG") continue;
      for (const variable of variables(instruction)) {
        if (variable.value === null) continue; // `ARG TOKEN` has no value in the file
        const value = variable.value.trim();
        const awsKey = AWS_ACCESS_KEY.test(value);
        if (!awsKey && (!SECRET_NAME.test(variable.name) || NOT_A_VALUE.test(variable.name))) continue;
        if (!awsKey && (NOT_A_SECRET.test(value) || value.startsWith("$"))) continue;
        ctx.report({
          message: `${instruction.keyword} ${variable.name} holds a literal secret`,
          at: { line: variable.at.line, column: variable.at.column },
          redact: literalValueSpan(ctx.file, variable.at, value),
        });
      }
    }
  },
});
