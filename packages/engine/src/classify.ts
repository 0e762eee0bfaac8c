// Decides what a file is from its name and its content: a YAML file may be a CloudFormation
// template, a Kubernetes manifest, a workflow, an action or nothing in particular. Pure functions;
// the content checks are line-anchored regexes, cheap enough to run on every file.
import type { FileKind } from "./analyzer.ts";
import { isSniffCandidate, manifestFormatOutlineFor } from "./sca/parsers/formats.ts";

/** Extensions that are never text we analyze; skipped by name so they are not even read. */
const BINARY_EXTENSIONS = new Set(
  (
    "png jpg jpeg gif bmp ico icns webp tif tiff psd svgz heic avif " +
    "zip gz tgz bz2 xz zst 7z rar tar jar war ear whl egg nupkg apk ipa deb rpm dmg iso img " +
    "exe dll so dylib a o obj lib bin class pyc pyo wasm node " +
    "pdf doc docx xls xlsx ppt pptx odt ods " +
    "woff woff2 ttf otf eot " +
    "mp3 mp4 m4a wav ogg flac avi mov mkv webm " +
    "sqlite sqlite3 db pack idx keystore jks p12 pfx der"
  ).split(" "),
);

function baseName(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? path : path.slice(slash + 1);
}

function extension(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function hasBinaryExtension(path: string): boolean {
  return BINARY_EXTENSIONS.has(extension(path));
}

/** How much of a file the binary sniff looks at; git looks at the first 8000 bytes too. */
const SNIFF_BYTES = 8000;

export type DecodeResult = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Bytes to text, or why not. A NUL byte in the first 8000 bytes means binary (git's rule);
 * UTF-16 is decoded when it carries a byte-order mark; invalid UTF-8 beyond a few stray bytes
 * means binary or an encoding we do not read.
 */
export function decodeText(bytes: Uint8Array): DecodeResult {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { ok: true, text: new TextDecoder("utf-16le").decode(bytes.subarray(2)) };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { ok: true, text: new TextDecoder("utf-16be").decode(bytes.subarray(2)) };
  }
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return { ok: false, reason: "binary content (NUL byte)" };
  const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
  const sample = text.slice(0, SNIFF_BYTES);
  let replaced = 0;
  for (let index = sample.indexOf("\uFFFD"); index !== -1; index = sample.indexOf("\uFFFD", index + 1))
    replaced++;
  if (replaced > 8 && replaced > sample.length / 100)
    return { ok: false, reason: "binary content (not UTF-8)" };
  return { ok: true, text };
}

/**
 * Extensions that make `Dockerfile.<ext>` something else: source code about Dockerfiles
 * (`dockerfile.js` in dockerfile-ast, `dockerfile.vim`), docs and data. `Dockerfile.prod` stays.
 */
const NOT_DOCKERFILE_EXTENSIONS = new Set(
  (
    "js mjs cjs jsx ts mts cts tsx py pyi go rb java kt kts scala groovy rs c h cc cpp hpp cs fs " +
    "php pl pm lua vim el swift dart ex exs erl clj hs ml r jl nim zig " +
    "md markdown mdx rst adoc txt html htm css scss xml svg " +
    "json jsonc json5 yml yaml toml ini lock csv tsv log diff patch snap map " +
    "sh bash zsh fish ps1 bat cmd"
  ).split(" "),
);

export function isDockerfileName(path: string): boolean {
  const name = baseName(path);
  if (/\.(?:docker|container)file$/i.test(name)) return true;
  if (!/^(?:docker|container)file(?:[.-].+)?$/i.test(name)) return false;
  return !NOT_DOCKERFILE_EXTENSIONS.has(extension(name));
}

/** A top-level mapping key (column 0) in YAML, optionally quoted. */
function hasTopLevelKey(text: string, key: string): boolean {
  return new RegExp(`^["']?${key}["']?[ \\t]*:`, "m").test(text);
}

const CFN_RESOURCE_TYPE = /^[ \t]+["']?Type["']?[ \t]*:[ \t]*["']?(?:AWS|Alexa)::[A-Za-z0-9]+::/m;
const CFN_JSON_RESOURCE_TYPE = /"Type"\s*:\s*"(?:AWS|Alexa)::[A-Za-z0-9]+::/;

function looksLikeCloudFormationYaml(text: string): boolean {
  if (hasTopLevelKey(text, "AWSTemplateFormatVersion")) return true;
  return hasTopLevelKey(text, "Resources") && CFN_RESOURCE_TYPE.test(text);
}

function looksLikeCloudFormationJson(text: string): boolean {
  if (/"AWSTemplateFormatVersion"\s*:/.test(text)) return true;
  return /"Resources"\s*:\s*\{/.test(text) && CFN_JSON_RESOURCE_TYPE.test(text);
}

/** A line whose value is a block scalar indicator (`key: |`, `- >-`, `run: |2 # why`). */
const BLOCK_SCALAR_START = /^([ \t]*)(?:-[ \t]+)*(?:[^#'"\s][^#]*?:[ \t]+)?[|>][-+0-9]*[ \t]*(?:#.*)?$/;
/** Quoted scalars that start where a YAML value can start; a `{{` inside one is valid YAML. */
const QUOTED_SCALAR = /(^|[\s:[,{-])(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')/g;

function indentOf(line: string): number {
  return /^[ \t]*/.exec(line)![0].length;
}

/**
 * True when some `{{` stands where YAML sees it (not inside a quoted or block scalar, not in a
 * comment): the file is an unrendered Go template, not YAML. A chart's `"{{ .Values.x }}"` in
 * quotes is still YAML, and its manifests are worth analyzing.
 */
export function hasUnquotedTemplate(text: string): boolean {
  if (!text.includes("{{")) return false;
  let blockIndent = -1;
  for (const line of text.split(/\r?\n/)) {
    if (blockIndent >= 0) {
      if (line.trim() === "" || indentOf(line) > blockIndent) continue;
      blockIndent = -1;
    }
    const block = BLOCK_SCALAR_START.exec(line);
    if (block) {
      blockIndent = block[1]!.length;
      continue;
    }
    if (!line.includes("{{")) continue;
    const bare = line.replace(QUOTED_SCALAR, "$1").replace(/(?:^|\s)#.*$/, "");
    if (bare.includes("{{")) return true;
  }
  return false;
}

/** `apiVersion` and `kind` at column 0 of some document. Unrendered Helm templates are not YAML yet. */
function looksLikeKubernetes(path: string, text: string): boolean {
  if (!hasTopLevelKey(text, "apiVersion") || !hasTopLevelKey(text, "kind")) return false;
  return !(/(?:^|\/)templates\//.test(path) && hasUnquotedTemplate(text));
}

/** GitHub parses `on` as a string; YAML 1.1 tools may have written it as `true` or quoted it. */
function looksLikeWorkflow(text: string): boolean {
  return hasTopLevelKey(text, "jobs") && (hasTopLevelKey(text, "on") || hasTopLevelKey(text, "true"));
}

/** Source code by extension (JSX and TSX included): the SAST analyzer's input. */
const SOURCE_CODE_EXTENSIONS: ReadonlyMap<string, FileKind> = new Map<string, FileKind>([
  ["js", "javascript"],
  ["mjs", "javascript"],
  ["cjs", "javascript"],
  ["jsx", "javascript"],
  ["ts", "typescript"],
  ["mts", "typescript"],
  ["cts", "typescript"],
  ["tsx", "typescript"],
  ["py", "python"],
  ["go", "go"],
  ["java", "java"],
  // server-side templates (and plain HTML, which their rules read the same way)
  ...[
    "html",
    "htm",
    "jinja",
    "jinja2",
    "j2",
    "njk",
    "nunjucks",
    "djhtml",
    "ejs",
    "hbs",
    "handlebars",
    "mustache",
  ].map((extension) => [extension, "html-template"] as [string, FileKind]),
]);

/**
 * The kinds of a text file. Every file gets `text` (the secrets analyzer reads everything);
 * the rest depends on the name and, for YAML, JSON and lockfiles, on the content.
 * `declaredFormat`: a manifest format the user named for this file (`scan --lockfile`).
 */
export function classify(path: string, text: string, declaredFormat?: string): FileKind[] {
  const kinds: FileKind[] = [];
  const ext = extension(path);
  const name = baseName(path).toLowerCase();

  // OpenTofu reads `.tofu` files as Terraform files (and prefers them over a `.tf` of the same name).
  if (ext === "tf" || ext === "tofu") kinds.push("terraform");
  else if (ext === "tfvars") kinds.push("terraform-vars");
  else if (isDockerfileName(path)) kinds.push("dockerfile");
  else if (ext === "yml" || ext === "yaml") {
    kinds.push("yaml");
    if ((name === "action.yml" || name === "action.yaml") && hasTopLevelKey(text, "runs")) {
      kinds.push("github-action");
    } else if ((name === "dependabot.yml" || name === "dependabot.yaml") && hasTopLevelKey(text, "updates")) {
      kinds.push("dependabot-config");
    } else if (looksLikeWorkflow(text)) {
      kinds.push("github-workflow");
    } else if (looksLikeCloudFormationYaml(text)) {
      kinds.push("cloudformation");
    } else if (looksLikeKubernetes(path, text)) {
      kinds.push("kubernetes");
    }
  } else if (ext === "json") {
    kinds.push("json");
    if (looksLikeCloudFormationJson(text)) kinds.push("cloudformation");
  } else if (ext === "template") {
    // Classic CloudFormation templates carry `.template`, in either syntax.
    const trimmed = text.trimStart();
    if (trimmed.startsWith("{") ? looksLikeCloudFormationJson(text) : looksLikeCloudFormationYaml(text)) {
      kinds.push("cloudformation");
    }
  } else {
    const language = SOURCE_CODE_EXTENSIONS.get(ext);
    if (language) kinds.push(language);
  }
  // On top of the kinds above (a package-lock.json is also `json`, a pom.xml text): by name, by
  // the head of a data or lock file's content (a renamed copy), or because the user said so.
  if (declaredFormat !== undefined || manifestFormatOutlineFor(path, text) !== undefined)
    kinds.push("manifest");
  kinds.push("text");
  return kinds;
}

const YAML_KINDS: readonly FileKind[] = [
  "yaml",
  "github-action",
  "dependabot-config",
  "github-workflow",
  "cloudformation",
  "kubernetes",
];

/**
 * Every kind `classify` can give a file of this name, whatever its content: a superset, so that a
 * scan knows from the walk alone which analyzers its files may need and loads only those. Kept
 * beside `classify` on purpose; a test holds `classify`'s kinds inside these for every fixture.
 */
export function possibleKinds(path: string, declaredFormat?: string): FileKind[] {
  const kinds: FileKind[] = [];
  const ext = extension(path);
  if (ext === "tf" || ext === "tofu") kinds.push("terraform");
  else if (ext === "tfvars") kinds.push("terraform-vars");
  else if (isDockerfileName(path)) kinds.push("dockerfile");
  else if (ext === "yml" || ext === "yaml") kinds.push(...YAML_KINDS);
  else if (ext === "json") kinds.push("json", "cloudformation");
  else if (ext === "template") kinds.push("cloudformation");
  else {
    const language = SOURCE_CODE_EXTENSIONS.get(ext);
    if (language) kinds.push(language);
  }
  if (declaredFormat !== undefined || manifestFormatOutlineFor(path) !== undefined || isSniffCandidate(path))
    kinds.push("manifest");
  kinds.push("text");
  return kinds;
}
