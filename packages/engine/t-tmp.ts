import { parseDockerfile } from "./src/analyzers/dockerfile/model.ts";
import { SourceFile } from "./src/source.ts";

const text = `# syntax=docker/dockerfile:1
ARG BASE=alpine
FROM \${BASE} AS b
RUN <<EOF
apt-get update
curl x | sh
EOF
RUN --mount=type=cache,target=/var/cache/apt apt-get update \\
  # comment
  && sudo -E apt-get install -y "x" 2>&1 && echo $(curl -s x)
FROM b
USER root
CMD ["a", "b"]
`;
const r = parseDockerfile(new SourceFile("Dockerfile", text));
console.log(
  JSON.stringify(
    r,
    (k, v) => (k === "index" || k === "end" || k === "keywordEnd" ? undefined : v),
    1,
  ).replace(/\n\s*/g, " "),
);
