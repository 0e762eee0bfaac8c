import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources } from "../checks.ts";
import { asBoolean, evaluate, UNKNOWN, type Value } from "../evaluate.ts";
import type { Expr, TerraformModel, TfSpan } from "../model.ts";

/** Container definitions larger than this are not parsed (a scanner reads untrusted files). */
const MAX_JSON = 256 * 1024;

function isPrivileged(value: Value): boolean {
  return value !== UNKNOWN && asBoolean(value) === true;
}

/** `jsonencode([{ …, privileged = true }])`: the entries that say so, with their own positions. */
function privilegedEntries(expr: Expr, model: TerraformModel): TfSpan[] {
  if (expr.kind !== "call" || expr.name !== "jsonencode" || expr.args[0]?.kind !== "tuple") return [];
  const out: TfSpan[] = [];
  for (const item of expr.args[0].items) {
    if (item.kind !== "object") continue;
    for (const entry of item.entries) {
      if (entry.key === "privileged" && isPrivileged(evaluate(entry.value, model.scope)))
        out.push(entry.span);
    }
  }
  return out;
}

/** A JSON string (literal, heredoc without interpolation, or a known local): true when a container is privileged. */
function privilegedInJson(value: Value): boolean {
  if (typeof value !== "string" || value.length > MAX_JSON) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return false;
  }
  if (!Array.isArray(parsed)) return false;
  return parsed.some(
    (container) =>
      typeof container === "object" &&
      container !== null &&
      (container as { privileged?: unknown }).privileged === true,
  );
}

export const ecsTaskPrivilegedContainer: FileRule<TerraformModel> = {
  id: "terraform/ecs-task-privileged-container",
  analyzer: "terraform",
  title: "ECS task runs a privileged container",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["K8S-POD-01"],
  docs: {
    summary: "An `aws_ecs_task_definition` has a container definition with `privileged = true`.",
    whyItMatters:
      "A privileged container has every capability and the host's devices: escaping to the instance, and to the other tasks on it, is one step.",
    remediation:
      "Remove `privileged` (it defaults to false) and add only the Linux capabilities the container needs through `linuxParameters`.",
    example:
      'resource "aws_ecs_task_definition" "app" {\n  container_definitions = jsonencode([{\n    name       = "app"\n    image      = "example/app:1.4.2"\n    privileged = false\n  }])\n}',
  },
  check(ctx) {
    for (const task of resources(ctx.model, "aws_ecs_task_definition")) {
      const attribute = task.attributes.get("container_definitions");
      if (!attribute) continue;
      const entries = privilegedEntries(attribute.value, ctx.model);
      for (const span of entries) {
        ctx.report({ message: `${addressOf(task)} runs a privileged container`, at: at(span) });
      }
      if (entries.length > 0 || attribute.value.kind === "call") continue;
      if (privilegedInJson(evaluate(attribute.value, ctx.model.scope))) {
        ctx.report({ message: `${addressOf(task)} runs a privileged container`, at: at(attribute.span) });
      }
    }
  },
};
