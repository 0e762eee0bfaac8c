// The settings document (settings.ts) read back with the position of every fact, so that a finding
// points at the line of the fact it is about. A document that does not have the expected shape is
// skipped with the reason: a misread fact must never become a pass.
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import { entryOf, parseYamlTrees, type YamlNode } from "../../parse/yaml-tree.ts";
import type { SourceFile, Span } from "../../source.ts";
import { REPOSITORY_PERMISSIONS, type RepositoryPermission, SETTINGS_SCHEMA } from "./settings.ts";

/** A fact with where it is written; `known: false` carries the host's reason. */
export type Fact<T> = { known: true; value: T; at: Span } | { known: false; reason: string; at: Span };

export interface PositionedCollaborator {
  login: string;
  permission: RepositoryPermission;
  at: Span;
}

export interface RepositoryModel {
  host: string;
  repository: string;
  owner: { login: string; type: "organization" | "user" };
  defaultBranch: string;
  protection: {
    at: Span;
    protected: Fact<boolean>;
    requiredApprovingReviews: Fact<number>;
    dismissStaleReviews: Fact<boolean>;
    requiredStatusChecks: Fact<string[]>;
    forcePushesBlocked: Fact<boolean>;
  };
  secretScanning: Fact<boolean>;
  pushProtection: Fact<boolean>;
  vulnerabilityAlerts: Fact<boolean>;
  admins: Fact<string[]>;
  outsideCollaborators: Fact<PositionedCollaborator[]>;
  organizationTwoFactorRequired: Fact<boolean | null>;
}

class ShapeError extends Error {}

/** Bounds a hostile or broken document: hosts list far fewer people on one repository. */
const MAX_LIST = 10_000;

function spanOf(line: number, column: number): Span {
  return { line, column };
}

function required(node: YamlNode | undefined, key: string): { value: YamlNode; at: Span } {
  const entry = entryOf(node, key);
  if (!entry) throw new ShapeError(`missing "${key}"`);
  return { value: entry.value, at: spanOf(entry.keyLine, entry.keyColumn) };
}

function text(node: YamlNode, key: string): string {
  if (node.kind !== "scalar" || typeof node.value !== "string")
    throw new ShapeError(`"${key}" is not a string`);
  return node.value;
}

/** `{"unknown": "reason"}`, or undefined for a known value. */
function unknownReason(node: YamlNode, key: string): string | undefined {
  if (node.kind !== "map") return undefined;
  const reason = entryOf(node, "unknown");
  if (!reason || node.entries.length !== 1) throw new ShapeError(`"${key}" is neither a value nor unknown`);
  return text(reason.value, `${key}.unknown`);
}

function fact<T>(parent: YamlNode, key: string, read: (node: YamlNode) => T): Fact<T> {
  const { value, at } = required(parent, key);
  const reason = unknownReason(value, key);
  return reason === undefined ? { known: true, value: read(value), at } : { known: false, reason, at };
}

function boolean(key: string) {
  return (node: YamlNode): boolean => {
    if (node.kind !== "scalar" || typeof node.value !== "boolean")
      throw new ShapeError(`"${key}" is not true or false`);
    return node.value;
  };
}

function list<T>(key: string, item: (node: YamlNode) => T) {
  return (node: YamlNode): T[] => {
    if (node.kind !== "seq") throw new ShapeError(`"${key}" is not a list`);
    if (node.items.length > MAX_LIST) throw new ShapeError(`"${key}" has more than ${MAX_LIST} entries`);
    return node.items.map(item);
  };
}

function readModel(document: YamlNode): RepositoryModel {
  if (document.kind !== "map") throw new ShapeError("not an object");
  const schema = text(required(document, "schema").value, "schema");
  if (schema !== SETTINGS_SCHEMA) throw new ShapeError(`schema "${schema}" is not ${SETTINGS_SCHEMA}`);
  const owner = required(document, "owner").value;
  const ownerType = text(required(owner, "type").value, "owner.type");
  if (ownerType !== "organization" && ownerType !== "user")
    throw new ShapeError(`owner.type "${ownerType}" is not organization or user`);
  const protection = required(document, "defaultBranchProtection");
  if (protection.value.kind !== "map") throw new ShapeError(`"defaultBranchProtection" is not an object`);
  return {
    host: text(required(document, "host").value, "host"),
    repository: text(required(document, "repository").value, "repository"),
    owner: { login: text(required(owner, "login").value, "owner.login"), type: ownerType },
    defaultBranch: text(required(document, "defaultBranch").value, "defaultBranch"),
    protection: {
      at: protection.at,
      protected: fact(protection.value, "protected", boolean("protected")),
      requiredApprovingReviews: fact(protection.value, "requiredApprovingReviews", (node) => {
        const count = node.kind === "scalar" ? node.value : undefined;
        if (typeof count !== "number" || !Number.isInteger(count) || count < 0)
          throw new ShapeError(`"requiredApprovingReviews" is not a count`);
        return count;
      }),
      dismissStaleReviews: fact(protection.value, "dismissStaleReviews", boolean("dismissStaleReviews")),
      requiredStatusChecks: fact(
        protection.value,
        "requiredStatusChecks",
        list("requiredStatusChecks", (node) => text(node, "requiredStatusChecks[]")),
      ),
      forcePushesBlocked: fact(protection.value, "forcePushesBlocked", boolean("forcePushesBlocked")),
    },
    secretScanning: fact(document, "secretScanning", boolean("secretScanning")),
    pushProtection: fact(document, "pushProtection", boolean("pushProtection")),
    vulnerabilityAlerts: fact(document, "vulnerabilityAlerts", boolean("vulnerabilityAlerts")),
    admins: fact(
      document,
      "admins",
      list("admins", (node) => text(node, "admins[]")),
    ),
    outsideCollaborators: fact(
      document,
      "outsideCollaborators",
      list("outsideCollaborators", (node) => {
        const login = required(node, "login");
        const permission = text(required(node, "permission").value, "permission");
        if (!(REPOSITORY_PERMISSIONS as readonly string[]).includes(permission))
          throw new ShapeError(
            `permission "${permission}" is not one of ${REPOSITORY_PERMISSIONS.join(", ")}`,
          );
        return {
          login: text(login.value, "login"),
          permission: permission as RepositoryPermission,
          at: login.at,
        };
      }),
    ),
    organizationTwoFactorRequired: fact(document, "organizationTwoFactorRequired", (node) => {
      if (node.kind === "scalar" && node.value === null) return null;
      return boolean("organizationTwoFactorRequired")(node);
    }),
  };
}

export function parseRepositorySettings(file: SourceFile): ParseResult<RepositoryModel> {
  const trees = parseYamlTrees(file);
  if (!trees.ok) return skipped(trees.reason);
  if (trees.documents.length !== 1) return skipped("not one settings document");
  try {
    return parsed(readModel(trees.documents[0]!));
  } catch (error) {
    if (error instanceof ShapeError) return skipped(`not a repository settings document: ${error.message}`);
    throw error;
  }
}
