// Queue operations are logged only for the kinds of request switched on in
// `queue_properties { logging { read, write, delete } }`; one false leaves that kind unrecorded.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, headerOf, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const OPERATIONS = ["read", "write", "delete"] as const;

export const azureStorageQueueLoggingIncomplete: FileRule<TerraformModel> = {
  id: "terraform/azure-storage-queue-logging-incomplete",
  analyzer: "terraform",
  title: "Azure storage queue service does not log every request",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `azurerm_storage_account` has a `queue_properties` block without `logging`, or whose `logging` sets " +
      "`read`, `write` or `delete` to false.",
    whyItMatters:
      "Requests of the switched-off kinds leave no Storage Analytics record: who read, added or removed messages " +
      "cannot be established after an incident.",
    remediation:
      'Set `queue_properties { logging { read = true, write = true, delete = true, version = "1.0", retention_policy_days = 90 } }` ' +
      "or send the queue service's StorageRead/Write/Delete logs to a workspace with a diagnostic setting.",
    example:
      'resource "azurerm_storage_account" "data" {\n  queue_properties {\n    logging {\n      read                  = true\n      write                 = true\n      delete                = true\n      version               = "1.0"\n      retention_policy_days = 90\n    }\n  }\n}',
    references: ["https://learn.microsoft.com/azure/storage/common/storage-analytics-logging"],
  },
  check(ctx) {
    for (const account of resources(ctx.model, "azurerm_storage_account")) {
      for (const queue of children(account, "queue_properties")) {
        if (queue.dynamic) continue;
        const logging = children(queue, "logging")[0];
        if (!logging) {
          ctx.report({
            message: `${addressOf(account)} configures the queue service without logging`,
            at: headerOf(queue),
          });
          continue;
        }
        if (logging.dynamic) continue;
        for (const operation of OPERATIONS) {
          const current = setting(ctx.model, logging, operation);
          if (current.state === "known" && current.value === false)
            ctx.report({
              message: `${addressOf(account)} does not log queue ${operation} requests`,
              at: at(current.attribute.span),
            });
        }
      }
    }
  },
};
