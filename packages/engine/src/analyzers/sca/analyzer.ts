// Software composition analysis: the packages that manifests and lockfiles declare, matched
// against OSV advisories in the project phase, plus hygiene rules on the manifests themselves.
import { defineAnalyzer } from "../../analyzer.ts";
import { type ManifestModel, type ManifestSummary, parseManifestFile } from "./model.ts";
import { scaProjectRules, scaRules } from "./rules/index.ts";

export const scaAnalyzer = defineAnalyzer<ManifestModel, ManifestSummary>({
  id: "sca",
  title: "Dependencies (SCA)",
  description:
    "Reads dependency manifests and lockfiles, by name or by content (package-lock.json, yarn.lock, pnpm-lock.yaml, bun.lock, requirements*.txt, poetry.lock, Pipfile.lock, pdm.lock, uv.lock, pylock.toml, go.mod, go.sum, pom.xml, Gradle lockfiles and verification-metadata.xml, NuGet files, *.deps.json, Cargo.lock, composer.lock, Gemfile.lock, pubspec.lock, mix.lock, conan.lock, renv.lock, packrat.lock, paket.lock, Podfile.lock, Package.resolved, stack.yaml.lock, cabal.project.freeze, deno.lock, rebar.lock, Julia Manifest.toml, *.opam.locked, go.work, node_modules/.package-lock.json; bun.lockb is named with the command that writes its text form) into packages and matches every package against OSV advisories (the scan's advisory source, by default the bundled demo set).",
  accepts: ["manifest"],
  parse: parseManifestFile,
  rules: scaRules,
  project: {
    summarize: (model) => ({ format: model.format, packages: model.packages }),
    rules: scaProjectRules,
  },
});
