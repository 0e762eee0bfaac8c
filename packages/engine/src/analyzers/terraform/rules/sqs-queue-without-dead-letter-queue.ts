import type { FileRule } from "../../../rule.ts";
import { addressOf, headerOf, referencesIn, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

/** Names that say a queue is itself a dead-letter queue. */
const DEAD_LETTER_NAME = /(^|[-_.])(dlq|deadletter|dead-letter|dead_letter|dlx)([-_.]|$)|dlq$/i;

export const sqsQueueWithoutDeadLetterQueue: FileRule<TerraformModel> = {
  id: "terraform/sqs-queue-without-dead-letter-queue",
  analyzer: "terraform",
  title: "SQS queue without a dead-letter queue",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: ["IAC-MON-01"],
  docs: {
    summary:
      "An `aws_sqs_queue` has no `redrive_policy` (nor an `aws_sqs_queue_redrive_policy` in the same file), and is " +
      "not itself a dead-letter queue.",
    whyItMatters:
      "A message that keeps failing is retried until its retention ends and then lost, and a poison message can " +
      "block consumers meanwhile; a dead-letter queue keeps it for inspection and replay.",
    remediation:
      "Add `redrive_policy = jsonencode({ deadLetterTargetArn = aws_sqs_queue.<dlq>.arn, maxReceiveCount = 5 })`. " +
      "Queues that other queues redrive to, queues with a `redrive_allow_policy`, and queues named like a DLQ are " +
      "not flagged.",
    example:
      'resource "aws_sqs_queue" "jobs" {\n  redrive_policy = jsonencode({\n    deadLetterTargetArn = aws_sqs_queue.jobs_dlq.arn\n    maxReceiveCount     = 5\n  })\n}',
  },
  check(ctx) {
    const queues = resources(ctx.model, "aws_sqs_queue");
    if (queues.length === 0) return;
    const policies = resources(ctx.model, "aws_sqs_queue_redrive_policy");
    // Queues named by a redrive policy, either side: the configured queue or its dead-letter target.
    const named = new Set<string>();
    for (const block of [...queues, ...policies]) {
      for (const name of ["redrive_policy", "queue_url"]) {
        for (const path of referencesIn(block.attributes.get(name)?.value)) {
          if (path[0] === "aws_sqs_queue" && path[1] !== undefined) named.add(path[1]);
        }
      }
    }
    // A separate redrive policy whose queue we cannot follow might configure any queue of the file.
    if (
      policies.some((policy) =>
        referencesIn(policy.attributes.get("queue_url")?.value).every((path) => path[0] !== "aws_sqs_queue"),
      )
    )
      return;
    for (const queue of queues) {
      const label = queue.labels[1] ?? "";
      if (queue.attributes.has("redrive_policy") || queue.attributes.has("redrive_allow_policy")) continue;
      if (named.has(label) || DEAD_LETTER_NAME.test(label)) continue;
      const name = setting(ctx.model, queue, "name");
      if (name.state === "unknown") continue;
      if (
        name.state === "known" &&
        typeof name.value === "string" &&
        DEAD_LETTER_NAME.test(name.value.replace(/\.fifo$/, ""))
      )
        continue;
      ctx.report({ message: `${addressOf(queue)} has no dead-letter queue`, at: headerOf(queue) });
    }
  },
};
