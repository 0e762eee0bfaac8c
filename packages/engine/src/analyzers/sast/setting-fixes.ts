// Mechanical fixes for Python calls and settings whose safe form is another spelling of the same
// call: an unsafe YAML loader → `yaml.safe_load`, a `requests` call without a timeout → one with
// `timeout=30`, a TLS minimum below 1.2 → `TLSv1_2`. Each one refuses a call it cannot read whole
// (`*args`, `**kwargs`, comments among the arguments), where the rewrite could change more than
// the hazard.
import type { SgNode } from "@ast-grep/napi";
import type { Report } from "../../rule.ts";
import type { SastModel } from "./model.ts";

function replace(model: SastModel, node: SgNode, text: string, description: string): Report["fix"] {
  const range = node.range();
  return {
    description,
    edits: [
      {
        start: model.file.byteOffsetOfIndex(range.start.index),
        end: model.file.byteOffsetOfIndex(range.end.index),
        text,
      },
    ],
  };
}

/** The arguments of a Python call, or undefined when one is a splat (its contents are unknown). */
function pythonArguments(call: SgNode): { list: SgNode; named: SgNode[]; comments: boolean } | undefined {
  if ((call.kind() as string) !== "call") return undefined;
  const list = call.field("arguments");
  if (!list || (list.kind() as string) !== "argument_list") return undefined; // a generator argument
  const children = list.children().filter((child) => child.isNamed());
  const named = children.filter((child) => (child.kind() as string) !== "comment");
  if (named.some((child) => /splat$/.test(child.kind() as string))) return undefined;
  return { list, named, comments: named.length !== children.length };
}

function keywordName(node: SgNode): string | undefined {
  return (node.kind() as string) === "keyword_argument" ? node.field("name")?.text() : undefined;
}

const UNSAFE_YAML_CALL = /^yaml\.(load|load_all|unsafe_load|unsafe_load_all|full_load|full_load_all)$/;
const UNSAFE_LOADER = /^(?:yaml\.)?(?:Loader|UnsafeLoader|FullLoader)$/;

/**
 * `yaml.load(s, Loader=yaml.Loader)`, `yaml.unsafe_load(s)`, `yaml.full_load(s)` (and the `_all`
 * forms) → `yaml.safe_load(s)` / `yaml.safe_load_all(s)`: the same stream, only the standard tags.
 * A document that used Python tags now fails to load instead of building objects, which is the fix.
 */
export function yamlSafeLoadFix(model: SastModel, node: SgNode): Report["fix"] | undefined {
  if (model.language !== "python") return undefined;
  const call = UNSAFE_YAML_CALL.exec(node.field("function")?.text() ?? "");
  const args = call ? pythonArguments(node) : undefined;
  if (!call || !args || args.comments) return undefined;
  const [stream, ...rest] = args.named;
  if (!stream || (stream.kind() as string) === "keyword_argument") return undefined;
  const method = call[1]!;
  if (rest.length > (method.startsWith("load") ? 1 : 0)) return undefined;
  const loader = rest[0];
  if (
    loader &&
    !(keywordName(loader) === "Loader" && UNSAFE_LOADER.test(loader.field("value")?.text() ?? ""))
  )
    return undefined;
  const safe = method.endsWith("_all") ? "safe_load_all" : "safe_load";
  return replace(
    model,
    node,
    `yaml.${safe}(${stream.text()})`,
    `use yaml.${safe}, which builds only plain data`,
  );
}

/** Seconds a fixed `requests` call may wait: generous for an API, finite for a hung server. */
const REQUEST_TIMEOUT = 30;

/**
 * `requests.get(url)` → `requests.get(url, timeout=30)`, inserted after the last argument so a
 * trailing comma or comment stays where it was.
 */
export function requestTimeoutFix(model: SastModel, node: SgNode): Report["fix"] | undefined {
  if (model.language !== "python") return undefined;
  const args = pythonArguments(node);
  const last = args?.named.at(-1);
  if (!last) return undefined;
  const end = model.file.byteOffsetOfIndex(last.range().end.index);
  return {
    description: `add a timeout (${REQUEST_TIMEOUT} seconds) so a hung server cannot hold the worker`,
    edits: [{ start: end, end, text: `, timeout=${REQUEST_TIMEOUT}` }],
  };
}

const OLD_TLS_VERSION = /(?:^|\.)TLSVersion\.(?:SSLv3|TLSv1|TLSv1_1)$/;

/**
 * `context.minimum_version = ssl.TLSVersion.TLSv1` → `ssl.TLSVersion.TLSv1_2`. Protocol constants
 * (`ssl.PROTOCOL_TLSv1`, pyOpenSSL methods) also choose the client or server role and the
 * verification defaults, so they get advice only.
 */
export function tlsMinimumVersionFix(model: SastModel, node: SgNode): Report["fix"] | undefined {
  if (model.language !== "python" || (node.kind() as string) !== "attribute") return undefined;
  const text = node.text();
  const assignment = node.parent();
  if (!OLD_TLS_VERSION.test(text) || !assignment || (assignment.kind() as string) !== "assignment")
    return undefined;
  if (assignment.field("right")?.id() !== node.id()) return undefined;
  if (!/(?:^|\.)minimum_version$/.test(assignment.field("left")?.text() ?? "")) return undefined;
  return replace(
    model,
    node,
    text.replace(/(?:SSLv3|TLSv1|TLSv1_1)$/, "TLSv1_2"),
    "require TLS 1.2 or later",
  );
}

/**
 * `ssl._create_unverified_context()` → `ssl.create_default_context()`: the same context, verifying
 * certificates and host names against the system's CAs. Only without arguments: the private
 * function's parameters (`protocol`, `cert_reqs`, `certfile` …) have no counterpart there.
 * `verify_mode`/`check_hostname` assignments get advice: fixing one without the other raises
 * (`CERT_NONE` with `check_hostname` on is refused).
 */
export function unverifiedContextFix(model: SastModel, node: SgNode): Report["fix"] | undefined {
  if (model.language !== "python" || node.field("function")?.text() !== "ssl._create_unverified_context")
    return undefined;
  const args = pythonArguments(node);
  if (!args || args.named.length > 0 || args.comments) return undefined;
  return replace(
    model,
    node,
    "ssl.create_default_context()",
    "use ssl.create_default_context(), which verifies certificates and host names",
  );
}
