// Values a Java file reads from a `.properties` file of its project: `String alg =
// props.getProperty("hashAlg1", "SHA512"); MessageDigest.getInstance(alg)` runs with the file's
// value (MD5, say), and the literal is only the fallback when the key is missing. The hazard is in
// what runs, so a rule judging an algorithm reads the project's file when it can, and the default
// when it cannot.
import { folderOf } from "../../source.ts";
import { javaSourceRoot } from "./cross-file.ts";
import type { SastModel } from "./model.ts";

/** `String name = anything.getProperty("key")` or `…getProperty("key", "default")`. */
const PROPERTY_READ =
  /(?<![\w.])(?:final\s+)?String\s+([A-Za-z_]\w*)\s*=\s*[\w.]+\s*\.\s*getProperty\(\s*"([^"\\\n]+)"\s*(?:,\s*"([^"\\\n]*)"\s*)?\)\s*;/g;
/** The properties file the class loads: `getResourceAsStream("benchmark.properties")`, a path literal. */
const PROPERTIES_NAME = /"((?:[\w.-]+\/)*[\w.-]+\.properties)"/;
const MAX_PROPERTIES_CHARS = 256 * 1024;

/** The value of a name assigned once from a property read, or undefined when it is not one. */
export function propertyValue(model: SastModel, name: string): string | undefined {
  const reads = propertyReads(model);
  const read = reads.get(name);
  if (!read) return undefined;
  const configured = projectProperties(model)?.get(read.key);
  return configured ?? read.fallback;
}

interface PropertyRead {
  key: string;
  fallback: string | undefined;
}

function propertyReads(model: SastModel): Map<string, PropertyRead> {
  const cached = model.cache.get("property-reads") as Map<string, PropertyRead> | undefined;
  if (cached) return cached;
  const reads = new Map<string, PropertyRead>();
  const assigned = new Set<string>();
  if (model.language === "java" && model.file.text.includes("getProperty"))
    for (const match of model.file.text.matchAll(PROPERTY_READ)) {
      const name = match[1]!;
      // a name declared twice from two keys is not one value
      if (assigned.has(name)) reads.delete(name);
      else reads.set(name, { key: match[2]!, fallback: match[3] });
      assigned.add(name);
    }
  model.cache.set("property-reads", reads);
  return reads;
}

/**
 * The key/value pairs of the properties file the class names, found where a build puts
 * resources: beside the source root its `package` line implies (`src/main/java` →
 * `src/main/resources`), in the source root, or in the file's folder. Undefined when none is read.
 */
function projectProperties(model: SastModel): Map<string, string> | undefined {
  if (model.cache.has("project-properties"))
    return model.cache.get("project-properties") as Map<string, string> | undefined;
  let found: Map<string, string> | undefined;
  const name = PROPERTIES_NAME.exec(model.file.text)?.[1];
  if (name) {
    for (const path of candidatePaths(model, name)) {
      const text = model.file.readSibling(path);
      if (text === undefined || text.length > MAX_PROPERTIES_CHARS) continue;
      found = parseProperties(text);
      break;
    }
  }
  model.cache.set("project-properties", found);
  return found;
}

function candidatePaths(model: SastModel, name: string): string[] {
  const folder = folderOf(model.file.path);
  const root = javaSourceRoot(model);
  const join = (...parts: string[]) => parts.filter((part) => part !== "").join("/");
  const paths: string[] = [];
  if (root !== undefined) {
    // Maven and Gradle: src/main/java next to src/main/resources
    if (/(?:^|\/)java$/.test(root)) paths.push(join(root.replace(/java$/, "resources"), name));
    paths.push(join(root, name));
  }
  paths.push(join(folder, name));
  return paths;
}

/** `key=value`, `key: value`, `key value`; `#` and `!` comments; no continuation lines. */
export function parseProperties(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith("!")) continue;
    const match = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(trimmed);
    if (match && !values.has(match[1]!)) values.set(match[1]!, match[2]!.trim());
  }
  return values;
}
