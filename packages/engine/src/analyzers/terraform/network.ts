// Inbound network rules of every provider in one shape (AWS security groups and their separate rule
// resources, network ACLs, Azure network security rules, Google firewalls), so one port rule covers
// all of them. A rule whose ports, protocol or sources cannot be told is kept as "unknown" and
// never counts as open.
import type { FileRuleContext } from "../../rule.ts";
import { addressOf, at, children, resources, setting } from "./checks.ts";
import { asBoolean, asNumber, knownStrings, type Value } from "./evaluate.ts";
import type { Attribute, Block, ObjectEntry, TerraformModel, TfSpan } from "./model.ts";

export interface PortRange {
  from: number;
  to: number;
}

export interface InboundRule {
  /** The resource that declares it (for the message). */
  resource: Block;
  kind: "security-group" | "network-acl" | "azure-nsg" | "gcp-firewall";
  /** Where the finding points: the attribute naming the internet as source. */
  at: TfSpan;
  /** The internet source that matched: `0.0.0.0/0`, `::/0`, `*`, `Internet`. */
  source: string;
  /** "all" for every port and protocol; undefined when it cannot be told. */
  ports: PortRange[] | "all" | undefined;
}

const WORLD = new Set(["0.0.0.0/0", "::/0", "*", "internet", "any", "0.0.0.0"]);

export function isWorld(source: string): boolean {
  return WORLD.has(source.trim().toLowerCase());
}

/** The first internet source among the known strings of an attribute value. */
function worldSource(value: Value | undefined): string | undefined {
  if (value === undefined) return undefined;
  return knownStrings(value).find(isWorld);
}

function spanOf(attribute: Attribute | undefined, fallback: Block): TfSpan {
  return attribute?.span ?? fallback.span;
}

/** AWS-style protocol + from/to ports. */
function awsPorts(protocol: Value | undefined, from: Value | undefined, to: Value | undefined) {
  if (protocol === undefined) return undefined;
  const name =
    typeof protocol === "number"
      ? String(protocol)
      : typeof protocol === "string"
        ? protocol.toLowerCase()
        : undefined;
  if (name === undefined) return undefined;
  if (name === "-1" || name === "all") return "all" as const;
  if (!["tcp", "udp", "6", "17"].includes(name)) return []; // icmp and friends carry no ports
  const low = from === undefined ? undefined : asNumber(from);
  const high = to === undefined ? undefined : asNumber(to);
  if (low === undefined || high === undefined) return undefined;
  if (low <= 0 && high >= 65535) return "all" as const;
  return [{ from: low, to: high }];
}

/** "22", "1000-2000", "*" */
function parsePortSpec(spec: string): PortRange[] | "all" | undefined {
  const text = spec.trim();
  if (text === "*") return "all";
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (from <= 0 && to >= 65535) return "all";
  return [{ from, to }];
}

function portSpecs(values: Value[]): PortRange[] | "all" | undefined {
  const ranges: PortRange[] = [];
  for (const value of values) {
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    const parsed = parsePortSpec(String(value));
    if (parsed === undefined) return undefined;
    if (parsed === "all") return "all";
    ranges.push(...parsed);
  }
  return ranges;
}

function value(model: TerraformModel, block: Block, name: string): Value | undefined {
  const current = setting(model, block, name);
  return current.state === "known" ? current.value : undefined;
}

function isUnknown(model: TerraformModel, block: Block, name: string): boolean {
  return setting(model, block, name).state === "unknown";
}

function awsRule(
  model: TerraformModel,
  resource: Block,
  block: Block,
  kind: InboundRule["kind"],
  sourceAttributes: string[],
): InboundRule[] {
  const out: InboundRule[] = [];
  for (const name of sourceAttributes) {
    const source = worldSource(value(model, block, name));
    if (!source) continue;
    const protocolName = block.attributes.has("ip_protocol") ? "ip_protocol" : "protocol";
    const protocol = isUnknown(model, block, protocolName) ? undefined : value(model, block, protocolName);
    out.push({
      resource,
      kind,
      at: spanOf(block.attributes.get(name), block),
      source,
      ports: awsPorts(protocol, value(model, block, "from_port"), value(model, block, "to_port")),
    });
  }
  return out;
}

/**
 * The `ingress` or `egress` rules of an AWS security group (or network ACL) in both spellings: nested
 * blocks (`ingress { … }`) and the attribute form (`ingress = [{ … }, …]`, a tuple of objects), each
 * object read as a block whose attributes are its entries. A `dynamic` block, an attribute whose
 * value is not a literal tuple (a variable, a `for`), and items that are not objects are left out:
 * their contents cannot be told (`includeDynamic` keeps dynamic blocks, for rules that only ask whether
 * any rule is declared). `ingress = []` declares no rules.
 */
export function ruleBlocks(group: Block, type: "ingress" | "egress", includeDynamic = false): Block[] {
  const out = children(group, type).filter((block) => includeDynamic || !block.dynamic);
  const attribute = group.attributes.get(type);
  if (attribute?.value.kind === "tuple") {
    for (const item of attribute.value.items) {
      if (item.kind === "object") out.push(objectAsBlock(type, item.entries, item.span));
    }
  }
  return out;
}

function objectAsBlock(type: string, entries: readonly ObjectEntry[], span: TfSpan): Block {
  const attributes = new Map<string, Attribute>();
  for (const entry of entries) {
    if (entry.key !== undefined)
      attributes.set(entry.key, { name: entry.key, value: entry.value, span: entry.span });
  }
  return { type, labels: [], dynamic: false, attributes, blocks: [], span, closeBrace: -1, indent: "" };
}

/** Several rules ask for the same list; the model is immutable, so compute it once per model. */
const inboundCache = new WeakMap<TerraformModel, InboundRule[]>();

export function inboundRules(model: TerraformModel): InboundRule[] {
  let cached = inboundCache.get(model);
  if (!cached) {
    cached = collectInboundRules(model);
    inboundCache.set(model, cached);
  }
  return cached;
}

function collectInboundRules(model: TerraformModel): InboundRule[] {
  const out: InboundRule[] = [];
  // AWS security groups: inline ingress blocks, separate rule resources.
  for (const group of resources(model, "aws_security_group", "aws_default_security_group")) {
    for (const ingress of ruleBlocks(group, "ingress")) {
      out.push(...awsRule(model, group, ingress, "security-group", ["cidr_blocks", "ipv6_cidr_blocks"]));
    }
  }
  for (const rule of resources(model, "aws_security_group_rule")) {
    if (value(model, rule, "type") !== "ingress") continue;
    out.push(...awsRule(model, rule, rule, "security-group", ["cidr_blocks", "ipv6_cidr_blocks"]));
  }
  for (const rule of resources(model, "aws_vpc_security_group_ingress_rule")) {
    out.push(...awsRule(model, rule, rule, "security-group", ["cidr_ipv4", "cidr_ipv6"]));
  }
  // AWS network ACLs (stateless; only allow entries that are inbound).
  for (const rule of resources(model, "aws_network_acl_rule")) {
    const egress = value(model, rule, "egress");
    if (egress === undefined ? isUnknown(model, rule, "egress") : asBoolean(egress) !== false) continue;
    if (value(model, rule, "rule_action") !== "allow") continue;
    out.push(...awsRule(model, rule, rule, "network-acl", ["cidr_block", "ipv6_cidr_block"]));
  }
  for (const acl of resources(model, "aws_network_acl", "aws_default_network_acl")) {
    for (const ingress of ruleBlocks(acl, "ingress")) {
      if (value(model, ingress, "action") !== "allow") continue;
      out.push(...awsRule(model, acl, ingress, "network-acl", ["cidr_block", "ipv6_cidr_block"]));
    }
  }
  // Azure network security rules, separate or inline.
  const azureRules: [Block, Block][] = resources(model, "azurerm_network_security_rule").map((rule) => [
    rule,
    rule,
  ]);
  for (const group of resources(model, "azurerm_network_security_group")) {
    for (const rule of children(group, "security_rule")) if (!rule.dynamic) azureRules.push([group, rule]);
  }
  for (const [resource, rule] of azureRules) {
    const direction = value(model, rule, "direction");
    const access = value(model, rule, "access");
    if (typeof direction !== "string" || direction.toLowerCase() !== "inbound") continue;
    if (typeof access !== "string" || access.toLowerCase() !== "allow") continue;
    for (const name of ["source_address_prefix", "source_address_prefixes"]) {
      const source = worldSource(value(model, rule, name));
      if (!source) continue;
      const protocol = value(model, rule, "protocol");
      let ports: InboundRule["ports"];
      const single = value(model, rule, "destination_port_range");
      const many = value(model, rule, "destination_port_ranges");
      if (typeof protocol === "string" && protocol.toLowerCase() === "icmp") ports = [];
      else if (single !== undefined) ports = portSpecs([single]);
      else if (Array.isArray(many)) ports = portSpecs(many);
      out.push({ resource, kind: "azure-nsg", at: spanOf(rule.attributes.get(name), rule), source, ports });
    }
  }
  // Google firewalls: ingress is the default direction; each allow block adds ports.
  for (const firewall of resources(model, "google_compute_firewall")) {
    const direction = value(model, firewall, "direction");
    if (isUnknown(model, firewall, "direction")) continue;
    if (typeof direction === "string" && direction.toUpperCase() !== "INGRESS") continue;
    if (asBoolean(value(model, firewall, "disabled") ?? false) === true) continue;
    const source = worldSource(value(model, firewall, "source_ranges"));
    if (!source) continue;
    out.push({
      resource: firewall,
      kind: "gcp-firewall",
      at: spanOf(firewall.attributes.get("source_ranges"), firewall),
      source,
      ports: firewallPorts(model, firewall),
    });
  }
  return out;
}

/** The ports a Google firewall's `allow` blocks open; a protocol without `ports` opens all of its ports. */
function firewallPorts(model: TerraformModel, firewall: Block): InboundRule["ports"] {
  const ranges: PortRange[] = [];
  for (const allow of children(firewall, "allow")) {
    const protocol = value(model, allow, "protocol");
    if (allow.dynamic || typeof protocol !== "string") return undefined;
    const name = protocol.toLowerCase();
    if (name === "all") return "all";
    if (!["tcp", "udp", "sctp"].includes(name)) continue;
    if (!allow.attributes.has("ports")) {
      ranges.push({ from: 0, to: 65535 });
      continue;
    }
    const list = value(model, allow, "ports");
    const parsed = Array.isArray(list) ? portSpecs(list) : undefined;
    if (parsed === undefined || parsed === "all") return parsed;
    ranges.push(...parsed);
  }
  return ranges;
}

export function opensPort(rule: InboundRule, port: number): boolean {
  if (rule.ports === undefined) return false;
  if (rule.ports === "all") return true;
  return rule.ports.some((range) => range.from <= port && port <= range.to);
}

/** Every port, or a range so wide (more than half of them) that it is as good as every port. */
export function opensAllPorts(rule: InboundRule): boolean {
  if (rule.ports === "all") return true;
  if (rule.ports === undefined) return false;
  return rule.ports.some((range) => range.from <= 1 && range.to >= 65535);
}

export function describeRule(rule: InboundRule): string {
  return `${addressOf(rule.resource)} admits ${rule.source}`;
}

/**
 * Reports rules that open one of `ports` to the internet. Rules opening every port are left to
 * `all-ports-open-to-internet`, so one line is not reported three times.
 */
export function checkOpenPorts(
  ctx: FileRuleContext<TerraformModel>,
  ports: readonly number[],
  label: (port: number) => string,
): void {
  for (const rule of inboundRules(ctx.model)) {
    if (opensAllPorts(rule)) continue;
    const port = ports.find((candidate) => opensPort(rule, candidate));
    if (port === undefined) continue;
    ctx.report({ message: `${describeRule(rule)} on ${label(port)}`, at: at(rule.at) });
  }
}
