// Go: which TLS versions a `tls.Config` literal accepts. A missing or zero `MinVersion` means the
// library's default, which depends on the module's Go version (the `go` line of the nearest
// go.mod): servers accept TLS 1.0 by default before Go 1.22, clients before Go 1.18 (Go 1.22+ keeps
// the old server default for modules that declare an older `go` version, or `tls10server=1`).
// Versions are resolved through names and one-line functions of the file and of its package.
import type { SgNode } from "@ast-grep/napi";
import { folderOf, type Span } from "../../source.ts";
import { packageTexts } from "./go-package.ts";
import type { SastModel } from "./model.ts";
import { spanOf } from "./model.ts";

const TLS12 = 0x0303;

const NAMED: Record<string, number> = {
  VersionSSL30: 0x0300,
  VersionTLS10: 0x0301,
  VersionTLS11: 0x0302,
  VersionTLS12: 0x0303,
  VersionTLS13: 0x0304,
};

/** Bounds on hostile input: literals judged per file, name resolution depth. */
const MAX_LITERALS = 200;
const MAX_DEPTH = 4;
/** go.mod files looked for above the file (the scan root bounds the walk as well). */
const MAX_PARENTS = 12;

export interface TlsVersionFinding {
  at: Span;
  message: string;
  /** Lower when the module's Go version is unknown (no go.mod in the scan). */
  severity?: "med";
}

/** The `go` directive of the nearest go.mod, and whether it turns TLS 1.0 servers back on. */
interface ModuleFacts {
  /** Minor version of `go 1.N`; undefined when no go.mod was found. */
  goMinor: number | undefined;
  tls10server: boolean;
}

function moduleFacts(model: SastModel): ModuleFacts {
  const cached = model.cache.get("go-module") as ModuleFacts | undefined;
  if (cached) return cached;
  let folder = folderOf(model.file.path);
  let facts: ModuleFacts = { goMinor: undefined, tls10server: false };
  for (let step = 0; step < MAX_PARENTS; step++) {
    const text = model.file.readSibling(folder === "" ? "go.mod" : `${folder}/go.mod`);
    if (text !== undefined) {
      const version = /^go\s+1\.(\d+)/m.exec(text);
      facts = {
        goMinor: version ? Number(version[1]) : undefined,
        tls10server: /^\s*(?:godebug\s+)?tls10server\s*=\s*1\b/m.test(text),
      };
      break;
    }
    if (folder === "") break;
    folder = folderOf(folder);
  }
  if (/^\/\/go:debug\s+tls10server=1\b/m.test(model.file.text)) facts = { ...facts, tls10server: true };
  model.cache.set("go-module", facts);
  return facts;
}

function escapeName(name: string): string {
  return name.replace(/[^\w]/g, "");
}

/**
 * The protocol version an expression stands for, or undefined when it is not known: literals,
 * `tls.VersionTLS12`, names declared or assigned (every assignment must agree) and functions whose
 * body is one `return`, in this file or its package.
 */
export function versionOf(model: SastModel, expression: string, depth = 0): number | undefined {
  const text = expression.trim();
  if (depth > MAX_DEPTH || text.length > 200) return undefined;
  if (/^(?:0[xX][0-9a-fA-F]+|\d+)$/.test(text)) return Number(text);
  const named = /^(?:\w+\.)?(Version(?:SSL30|TLS1[0-3]))$/.exec(text);
  if (named) return NAMED[named[1]!];
  const conversion = /^uint16\((.+)\)$/.exec(text);
  if (conversion) return versionOf(model, conversion[1]!, depth + 1);
  const call = /^([A-Za-z_]\w*)\(\s*\)$/.exec(text);
  if (call) {
    const name = escapeName(call[1]!);
    const body = new RegExp(
      `\\bfunc\\s+${name}\\s*\\(\\s*\\)\\s*\\w*\\s*\\{\\s*return\\s+([^\\n;{}]+?)\\s*\\}`,
    );
    for (const source of packageTexts(model)) {
      const match = body.exec(source);
      if (match) return versionOf(model, match[1]!, depth + 1);
    }
    return undefined;
  }
  if (!/^[A-Za-z_]\w*$/.test(text)) return undefined;
  // `var v uint16 = 0`, `const MinVer = tls.VersionTLS13`, `v := …`, `v = …`, a `const (…)` line
  const assignment = new RegExp(
    `(?:^|[\\s(,;])${escapeName(text)}(?:\\s+u?int\\w*)?\\s*:?=(?!=)\\s*([^\\n;,)}]+)`,
    "gm",
  );
  let value: number | undefined;
  let seen = false;
  for (const source of packageTexts(model)) {
    for (const match of source.matchAll(assignment)) {
      const resolved = versionOf(model, match[1]!, depth + 1);
      if (resolved === undefined || (seen && resolved !== value)) return undefined;
      value = resolved;
      seen = true;
    }
  }
  return value;
}

const SERVER_KEYS = /^(?:Certificates|GetCertificate|ClientCAs|ClientAuth|GetConfigForClient)\s*:/;

/** The literal configures a server: server-only fields, `http.Server{TLSConfig: …}`, tls.Listen. */
function isServerConfig(model: SastModel, literal: SgNode, keys: string[]): boolean {
  if (keys.some((key) => SERVER_KEYS.test(`${key}:`))) return true;
  let node: SgNode | null = literal.parent();
  for (let up = 0; node && up < 4; up++, node = node.parent()) {
    const kind = node.kind() as string;
    if (kind === "keyed_element") return /^TLSConfig\s*:/.test(node.text());
    if (kind === "call_expression") return /^tls\.(?:Listen|NewListener|Server)\(/.test(node.text());
    if (kind === "short_var_declaration" || kind === "var_spec" || kind === "assignment_statement") {
      const name = node.text().match(/^(?:var\s+)?([A-Za-z_]\w*)/)?.[1];
      if (!name) return false;
      const uses = new RegExp(
        `TLSConfig\\s*:\\s*&?${name}\\b|\\.TLSConfig\\s*=\\s*&?${name}\\b|tls\\.(?:Listen|NewListener|Server)\\([^)]*\\b${name}\\b`,
      );
      return uses.test(model.file.text);
    }
  }
  return false;
}

function versionName(version: number): string {
  const entry = Object.entries(NAMED).find(([, value]) => value === version);
  return entry ? `tls.${entry[0]}` : `0x${version.toString(16).padStart(4, "0")}`;
}

/** `tls.Config` literals that accept TLS 1.0/1.1 through a default or a resolved version. */
export function goTlsVersionFindings(model: SastModel): TlsVersionFinding[] {
  if (model.language !== "go") return [];
  const text = model.file.text;
  const alias = /^\s*(?:import\s+)?(\w+)\s+"crypto\/tls"/m.exec(text)?.[1];
  const qualifiers = ["tls", ...(alias && alias !== "_" && alias !== "." ? [alias] : [])];
  if (!text.includes('"crypto/tls"') || !qualifiers.some((name) => text.includes(`${name}.Config`)))
    return [];
  const literals = model.root.findAll({
    rule: { kind: "composite_literal", regex: `^(?:${qualifiers.join("|")})\\.Config\\s*\\{` },
  });
  const findings: TlsVersionFinding[] = [];
  let facts: ModuleFacts | undefined;
  for (const literal of literals.slice(0, MAX_LITERALS)) {
    const body = literal.field("body");
    const elements = (body?.children() ?? []).filter((child) => (child.kind() as string) === "keyed_element");
    const keys = elements.map((element) => element.text().split(":")[0]!.trim());
    const entry = (key: string) => elements.find((element) => element.text().split(":")[0]!.trim() === key);
    const elementValue = (element: SgNode) =>
      element
        .text()
        .slice(element.text().indexOf(":") + 1)
        .trim();

    const max = entry("MaxVersion");
    if (max) {
      const value = elementValue(max);
      const version = versionOf(model, value);
      // a named old version is the pattern rule's finding; 0 means the newest the library knows
      if (
        version !== undefined &&
        version !== 0 &&
        version < TLS12 &&
        !/Version(?:SSL30|TLS1[01])$/.test(value)
      )
        findings.push({
          at: spanOf(max),
          message: `TLS configuration caps the protocol at ${versionName(version)} (MaxVersion ${value})`,
        });
    }

    const min = entry("MinVersion");
    const value = min ? elementValue(min) : undefined;
    if (value !== undefined && /^(?:\w+\.)?Version(?:SSL30|TLS1[01])$/.test(value)) continue; // the pattern's
    const version = value === undefined ? 0 : versionOf(model, value);
    if (version === undefined) continue;
    if (version !== 0) {
      if (version < TLS12)
        findings.push({
          at: spanOf(min!),
          message: `TLS configuration accepts ${versionName(version)} (MinVersion ${value} resolves to it)`,
        });
      continue;
    }
    // The library's default: old only for old modules (servers before Go 1.22, clients before 1.18).
    facts ??= moduleFacts(model);
    const server = isServerConfig(model, literal, keys);
    const at = spanOf(min ?? literal);
    const what = min ? `MinVersion ${value} (the default)` : "no MinVersion";
    if (facts.goMinor === undefined) {
      // No go.mod in the scan: the Go version is unknown. Only an explicit zero is reported.
      if (min)
        findings.push({
          at,
          message: `TLS configuration with ${what}: no go.mod gives the Go version, and before Go 1.22 (servers) or 1.18 (clients) the default accepts TLS 1.0`,
          severity: "med",
        });
      continue;
    }
    const serverOld = facts.goMinor < 22 || facts.tls10server;
    if (facts.goMinor < 18 || (server && serverOld))
      findings.push({
        at,
        message: `TLS ${server ? "server" : "client"} configuration with ${what}: go.mod declares go 1.${facts.goMinor}${facts.tls10server ? " with tls10server=1" : ""}, whose default accepts TLS 1.0`,
      });
  }
  return findings;
}
