// A customer-supplied encryption key (CSEK) is the raw AES-256 key itself: written as a literal it
// sits in the repository and the state, next to the disk it is meant to protect.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, nested, resources, setting } from "../checks.ts";
import type { Block, TerraformModel } from "../model.ts";

/** Resource type → [nested block path, attribute] pairs that hold a raw or RSA-wrapped key. */
const KEY_SETTINGS: Readonly<Record<string, readonly (readonly [readonly string[], string])[]>> = {
  google_compute_disk: [
    [["disk_encryption_key"], "raw_key"],
    [["disk_encryption_key"], "rsa_encrypted_key"],
    [["source_image_encryption_key"], "raw_key"],
    [["source_snapshot_encryption_key"], "raw_key"],
  ],
  google_compute_instance: [
    [["boot_disk"], "disk_encryption_key_raw"],
    [["attached_disk"], "disk_encryption_key_raw"],
  ],
  google_compute_image: [[["image_encryption_key"], "raw_key"]],
  google_compute_snapshot: [
    [["snapshot_encryption_key"], "raw_key"],
    [["source_disk_encryption_key"], "raw_key"],
  ],
};

export const gcpRawEncryptionKeyInCode: FileRule<TerraformModel> = {
  id: "terraform/gcp-raw-encryption-key-in-code",
  analyzer: "terraform",
  title: "Customer-supplied encryption key written in the configuration",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [321, 798],
  controls: ["SEC-HC-01", "IAC-ENC-03"],
  docs: {
    summary:
      "A Compute Engine disk, instance, image or snapshot sets a customer-supplied key (`raw_key`, " +
      "`rsa_encrypted_key`, `disk_encryption_key_raw`) to a literal value.",
    whyItMatters:
      "The key that decrypts the disk is in the repository, its history and every clone, and in the Terraform state: " +
      "anyone who reads them can decrypt the disk and its snapshots, and the key cannot be rotated without rewriting the data.",
    remediation:
      "Use a Cloud KMS key (`kms_key_self_link`) instead, or pass the raw key from a secret store through a sensitive variable.",
    example:
      'resource "google_compute_disk" "data" {\n  disk_encryption_key {\n    kms_key_self_link = google_kms_crypto_key.disks.id\n  }\n}',
    references: ["https://cloud.google.com/compute/docs/disks/customer-supplied-encryption"],
  },
  check(ctx) {
    for (const [type, settings] of Object.entries(KEY_SETTINGS)) {
      for (const resource of resources(ctx.model, type)) {
        for (const [path, name] of settings) {
          // attached_disk may repeat; every block of the first path element is read.
          const holders: Block[] =
            path.length === 1
              ? resource.blocks.filter((child) => child.type === path[0] && !child.dynamic)
              : [nested(resource, path)].filter((block): block is Block => block !== undefined);
          for (const holder of holders) {
            const key = setting(ctx.model, holder, name);
            if (key.state !== "known" || typeof key.value !== "string" || key.value.trim() === "") continue;
            // Only a literal in this file is a key in code; a default of a variable is reported too,
            // since it is just as committed.
            ctx.report({
              message: `${addressOf(resource)} writes a customer-supplied encryption key (${name}) in the configuration`,
              at: at(key.attribute.span),
              redact: at(key.attribute.value.span),
            });
          }
        }
      }
    }
  },
};
