// Maven pom.xml: `<dependencies>` of the project with `${property}` substitution (project.* and
// <properties>), versions from `<dependencyManagement>`, and a parent pom in the same repository
// (`<relativePath>`, default ../pom.xml) for both. Scope test → dev. Only direct dependencies:
// transitive ones need a repository resolver, which is out of scope for a parser.
import {
  describeError,
  failure,
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
  resolveSibling,
} from "./common.ts";
import { child, children, childText, parseXml, type XmlElement } from "./positioned-xml.ts";

interface PomContext {
  properties: Map<string, string>;
  managed: Map<string, string>;
}

const MAX_PARENTS = 10;

function substitute(value: string, properties: Map<string, string>): string {
  let result = value;
  for (let round = 0; round < 10 && result.includes("${"); round++) {
    result = result.replace(/\$\{([^}]+)\}/g, (whole, name: string) => properties.get(name) ?? whole);
  }
  return result;
}

/** Properties and managed versions of a pom, with its in-repository parents' underneath. */
function contextOf(
  path: string,
  project: XmlElement,
  readSibling: ReadSibling | undefined,
  warnings: string[],
  depth: number,
): PomContext {
  const parent = child(project, "parent");
  let inherited: PomContext = { properties: new Map(), managed: new Map() };
  if (parent !== undefined && depth < MAX_PARENTS) {
    const relative = childText(parent, "relativePath") ?? "../pom.xml";
    const target =
      relative === ""
        ? undefined
        : resolveSibling(path, relative.endsWith(".xml") ? relative : `${relative}/pom.xml`);
    const parentText = target === undefined ? undefined : readSibling?.(target);
    let parentProject: XmlElement | undefined;
    try {
      parentProject = parentText === undefined ? undefined : parseXml(parentText);
    } catch {
      parentProject = undefined;
    }
    const wanted = `${childText(parent, "groupId")}:${childText(parent, "artifactId")}`;
    const found =
      parentProject &&
      `${childText(parentProject, "groupId") ?? childText(child(parentProject, "parent"), "groupId")}:${childText(parentProject, "artifactId")}`;
    if (parentProject !== undefined && target !== undefined && found === wanted) {
      inherited = contextOf(target, parentProject, readSibling, warnings, depth + 1);
    } else {
      warnings.push(
        `parent ${wanted} is not in the repository: its properties and managed versions are unknown`,
      );
    }
    for (const field of ["groupId", "artifactId", "version"]) {
      const value = childText(parent, field);
      if (value !== undefined) inherited.properties.set(`project.parent.${field}`, value);
    }
  }
  const properties = new Map(inherited.properties);
  for (const field of ["groupId", "artifactId", "version"]) {
    const value = childText(project, field) ?? childText(parent, field);
    if (value !== undefined) {
      properties.set(`project.${field}`, value);
      properties.set(`pom.${field}`, value);
      if (field === "version") properties.set("version", value);
    }
  }
  for (const property of child(project, "properties")?.children ?? [])
    properties.set(property.name, property.text.trim());
  const managed = new Map(inherited.managed);
  for (const dependency of children(
    child(child(project, "dependencyManagement"), "dependencies"),
    "dependency",
  )) {
    const group = substitute(childText(dependency, "groupId") ?? "", properties);
    const artifact = substitute(childText(dependency, "artifactId") ?? "", properties);
    const version = childText(dependency, "version");
    if (childText(dependency, "scope") === "import") {
      warnings.push(`BOM ${group}:${artifact} is imported: versions it manages are unknown`);
      continue;
    }
    if (version !== undefined) managed.set(`${group}:${artifact}`, substitute(version, properties));
  }
  return { properties, managed };
}

export const parsePom: ManifestParser = (path, text, readSibling) => {
  let project: XmlElement;
  try {
    project = parseXml(text);
  } catch (error) {
    return failure(path, `invalid XML: ${describeError(error)}`);
  }
  if (project.name !== "project") return failure(path, `not a Maven pom (root element <${project.name}>)`);
  const collector = new PackageCollector("Maven", path);
  const warnings: string[] = [];
  const context = contextOf(path, project, readSibling, warnings, 0);
  for (const warning of warnings) collector.warn(warning);
  for (const dependency of children(child(project, "dependencies"), "dependency")) {
    const group = substitute(childText(dependency, "groupId") ?? "", context.properties);
    const artifact = substitute(childText(dependency, "artifactId") ?? "", context.properties);
    const name = `${group}:${artifact}`;
    const declared = childText(dependency, "version");
    const raw = declared === undefined ? context.managed.get(name) : substitute(declared, context.properties);
    const line = child(dependency, "artifactId")?.line ?? dependency.line;
    const scope = childText(dependency, "scope") ?? "compile";
    const base = { name, direct: true, dev: scope === "test", line };
    if (raw === undefined) {
      collector.warn(`${name}: no version (not managed in this repository)`);
      collector.add({ ...base, version: null });
    } else if (raw.includes("${")) {
      collector.warn(`${name}: unresolved version ${raw}`);
      collector.add({ ...base, version: null, versionRange: raw });
    } else if (/^[[(]/.test(raw)) {
      collector.add({ ...base, version: null, versionRange: raw });
    } else collector.add({ ...base, version: raw });
  }
  return collector.finish();
};
