// Checks that several Kubernetes rules share.
import type { FileRuleContext } from "../../rule.ts";
import { booleanOf, entryOf, type K8sModel, keySpan, spanOf } from "./model.ts";

/**
 * A rule's check that reports every workload whose pod spec sets `field: true` (`hostPID`,
 * `hostNetwork`, …), at the key; `what` ends the message.
 */
export function podSpecFlagSet(
  field: string,
  what = `sets ${field}: true`,
): (ctx: FileRuleContext<K8sModel>) => void {
  return (ctx) => {
    for (const workload of ctx.model.workloads) {
      const entry = entryOf(workload.podSpec, field);
      if (!entry || booleanOf(entry.value) !== true) continue;
      ctx.report({ message: `${workload.object.kind} ${workload.object.name} ${what}`, at: keySpan(entry) });
    }
  };
}

/**
 * A rule's check that reports every long-running container (not an init or ephemeral one, not in
 * a Job or CronJob) that declares no `probe` (`livenessProbe`, `readinessProbe`).
 */
export function probeMissing(probe: string): (ctx: FileRuleContext<K8sModel>) => void {
  return (ctx) => {
    for (const workload of ctx.model.workloads) {
      if (workload.isBatch) continue;
      for (const container of workload.containers) {
        if (container.kind !== "containers" || entryOf(container.node, probe)) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" has no ${probe}`,
          at: spanOf(container),
        });
      }
    }
  };
}
