// `npm run rotate-key [-- --kms-key-id ID]`: rotates the ledger's signing key as configured (see
// evidence/key-rotation.ts) and says what changed and what is left to do.
import { parseArgs } from "node:util";
import { openDatabase } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { databaseTarget, loadConfig } from "./config.ts";
import { rotateSigningKey } from "./evidence/key-rotation.ts";
import { signingKeySource } from "./evidence/signing-key.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { "kms-key-id": { type: "string" } }, strict: true });
  const config = loadConfig();
  const source = signingKeySource(config);
  if (!source.ok) throw new Error(`invalid configuration: ${source.error}`);
  const kmsKeyId = values["kms-key-id"];
  if (kmsKeyId !== undefined && !config.AWS_REGION) throw new Error("--kms-key-id needs AWS_REGION");
  const database = await openDatabase(databaseTarget(config));
  try {
    const result = await withDatabaseContext({ kind: "system" }, () =>
      rotateSigningKey({
        db: database.db,
        source: source.source,
        dataDir: config.DATA_DIR,
        origin: config.LEDGER_ORIGIN,
        ...(kmsKeyId !== undefined && config.AWS_REGION
          ? {
              nextKms: {
                keyId: kmsKeyId,
                region: config.AWS_REGION,
                ...(config.LEDGER_KMS_ENDPOINT ? { endpoint: config.LEDGER_KMS_ENDPOINT } : {}),
              },
            }
          : {}),
      }),
    );
    if (!result.ok) {
      console.error(`rotate-key: ${result.error}`);
      return 1;
    }
    console.log(`rotated the ledger signing key ${result.previousFingerprint} → ${result.nextFingerprint}`);
    console.log("the rotation statement, signed by both keys, is published at GET /api/evidence/public-key");
    for (const line of result.instructions) console.log(`next: ${line}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`rotate-key: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
