import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf } from "../model.ts";

/** Base names of files that hold credentials. */
const SECRET_FILE =
  /^(?:\.env(?:\.(?:local|production|prod|staging|dev|development|secret))?|id_(?:rsa|dsa|ecdsa|ed25519)|\.npmrc|\.pypirc|\.netrc|\.git-credentials|\.dockercfg|credentials(?:\.json)?|service[-_]account(?:[-_.][\w-]+)?\.json|.+\.(?:pem|key|p12|pfx|jks|keystore|ppk))$/i;
/** Templates and public halves that are meant to be shared. */
const NOT_SECRET =
  /\.(?:example|sample|template|dist|tmpl|pub)$|^\.env\.(?:example|sample|template|defaults)$/i;

export const secretFileCopied = defineFileRule<DockerfileModel>({
  id: "dockerfile/secret-file-copied",
  analyzer: "dockerfile",
  title: "Credential file copied into the image",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [538],
  controls: ["CTR-BLD-05"],
  docs: {
    summary:
      "A COPY or ADD names a file that usually holds credentials: `.env`, SSH private keys, `.npmrc`, `.pypirc`, `.netrc`, `.git-credentials`, cloud credential files, `*.pem`/`*.key`/`*.p12`.",
    whyItMatters:
      "Files copied into a layer stay in the image even if a later RUN deletes them; anyone who can pull the image extracts the layer and the credential.",
    remediation:
      "Use BuildKit secret mounts for build-time credentials (`RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci`) and inject runtime secrets from the orchestrator. Templates (`.env.example`) and public keys (`*.pub`) are not flagged.",
    example: "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
    references: ["https://docs.docker.com/build/building/secrets/"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const copy of instructionsOf(stage)) {
        if (copy.keyword !== "COPY" && copy.keyword !== "ADD") continue;
        for (const source of copy.args.slice(0, -1)) {
          const name = source.text.replace(/\/+$/, "").split("/").pop() ?? "";
          if (!SECRET_FILE.test(name) || NOT_SECRET.test(name)) continue;
          ctx.report({
            message: `${copy.keyword} puts ${source.text} into an image layer`,
            at: { line: source.line, column: source.column },
          });
        }
      }
    }
  },
});
