import { judge, settingRule } from "../checks.ts";

export const unencryptedSqsQueue = settingRule(
  {
    id: "terraform/unencrypted-sqs-queue",
    analyzer: "terraform",
    title: "SQS queue with server-side encryption turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "An `aws_sqs_queue` sets `sqs_managed_sse_enabled = false` and has no `kms_master_key_id`.",
      whyItMatters: "Messages waiting in the queue are stored unencrypted.",
      remediation:
        "Remove `sqs_managed_sse_enabled = false` (SSE-SQS is on by default) or set `kms_master_key_id`. Queues without the setting are encrypted by default and are not flagged.",
      example: 'resource "aws_sqs_queue" "jobs" {\n  sqs_managed_sse_enabled = true\n}',
      references: [
        "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-server-side-encryption.html",
      ],
    },
  },
  {
    types: ["aws_sqs_queue"],
    attribute: "sqs_managed_sse_enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "stores messages unencrypted",
    fixValue: "true",
    exempt: (_model, resource) => resource.attributes.has("kms_master_key_id"),
  },
);
