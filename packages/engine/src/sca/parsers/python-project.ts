// What a Python project declares directly (pyproject.toml: PEP 621, PEP 735 dependency groups,
// Poetry, PDM and uv tables; Pipfile), as normalised names split into prod and dev. The lockfile
// parsers use it for `direct`, and for `dev` where the lockfile does not say.

import { normalizePythonName } from "../package.ts";
import { asRecord, type ReadSibling, resolveSibling } from "./common.ts";
import { parseToml } from "./toml.ts";

export interface PythonDeclared {
  prod: Set<string>;
  dev: Set<string>;
}

/** The distribution name at the start of a PEP 508 string (`requests[socks]>=2; …` → requests). */
export function pep508Name(requirement: string): string | undefined {
  const name = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/.exec(requirement)?.[1];
  return name === undefined ? undefined : normalizePythonName(name);
}

function addAll(target: Set<string>, requirements: unknown): void {
  if (Array.isArray(requirements)) {
    for (const item of requirements) {
      const name = typeof item === "string" ? pep508Name(item) : undefined;
      if (name !== undefined) target.add(name);
    }
  } else {
    for (const name of Object.keys(asRecord(requirements)))
      if (name !== "python") target.add(normalizePythonName(name));
  }
}

export function readTomlSibling(readSibling: ReadSibling | undefined, from: string, relative: string) {
  const path = resolveSibling(from, relative);
  const text = path === undefined ? undefined : readSibling?.(path);
  if (text === undefined) return undefined;
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function declaredInPyproject(pyproject: Record<string, unknown>): PythonDeclared {
  const prod = new Set<string>();
  const dev = new Set<string>();
  const project = asRecord(pyproject.project);
  addAll(prod, project.dependencies);
  for (const extra of Object.values(asRecord(project["optional-dependencies"]))) addAll(prod, extra);
  for (const group of Object.values(asRecord(pyproject["dependency-groups"]))) addAll(dev, group);
  const tool = asRecord(pyproject.tool);
  const poetry = asRecord(tool.poetry);
  addAll(prod, poetry.dependencies);
  addAll(dev, poetry["dev-dependencies"]);
  for (const [name, group] of Object.entries(asRecord(poetry.group))) {
    addAll(name === "main" ? prod : dev, asRecord(group).dependencies);
  }
  for (const group of Object.values(asRecord(asRecord(tool.pdm)["dev-dependencies"]))) addAll(dev, group);
  addAll(dev, asRecord(tool.uv)["dev-dependencies"]);
  return { prod, dev };
}

export function declaredInPipfile(pipfile: Record<string, unknown>): PythonDeclared {
  const prod = new Set<string>();
  const dev = new Set<string>();
  addAll(prod, pipfile.packages);
  addAll(dev, pipfile["dev-packages"]);
  return { prod, dev };
}
