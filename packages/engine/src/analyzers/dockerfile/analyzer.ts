// Dockerfiles: build stages, their instructions and the shell commands of RUN bodies, checked for
// the security and reproducibility hazards hadolint and Checkov users expect.
import { defineAnalyzer } from "../../analyzer.ts";
import { type DockerfileModel, parseDockerfile } from "./model.ts";
import { dockerfileRules } from "./rules/index.ts";

export const dockerfileAnalyzer = defineAnalyzer<DockerfileModel>({
  id: "dockerfile",
  title: "Dockerfile",
  description:
    "Parses Dockerfiles and Containerfiles (multi-stage builds, heredocs, line continuations, parser directives) into stages and instructions, splits RUN bodies into shell commands, and checks the final image's user, base image pinning, remote downloads, secrets in ENV/ARG and package-manager hygiene.",
  accepts: ["dockerfile"],
  parse: parseDockerfile,
  rules: dockerfileRules,
});
