import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { evidenceSubmissions } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp } from "../../test/harness.ts";
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from "../../test/local-s3.ts";
import { sha256Hex } from "./evidence-store.ts";
import { createS3EvidenceStore } from "./s3-evidence-store.ts";

const BUCKET = "rampart-evidence";
let s3: Awaited<ReturnType<typeof startLocalS3>>;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
  // The store takes its credentials from the SDK's default chain, as in production.
  process.env.AWS_ACCESS_KEY_ID = LOCAL_S3_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = LOCAL_S3_CREDENTIALS.secretAccessKey;
});
afterAll(async () => {
  await s3.close();
  for (const [name, value] of [
    ["AWS_ACCESS_KEY_ID", saved.id],
    ["AWS_SECRET_ACCESS_KEY", saved.secret],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const storeOf = () =>
  createS3EvidenceStore({ bucket: BUCKET, region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true });

describe("the S3 evidence store", () => {
  it("stores a file under its hash once and reads it back", async () => {
    const store = storeOf();
    const bytes = Buffer.from("%PDF-1.7\nquarterly access review\n");
    const sha256 = sha256Hex(bytes);
    const stored = await store.put(bytes, sha256);
    expect(stored).toEqual({ storage: "s3", key: `${sha256.slice(0, 2)}/${sha256}` });
    expect(await store.put(bytes, sha256)).toEqual(stored);
    expect((await store.get(stored))?.toString()).toBe(bytes.toString());
  });

  it("answers null for a file that is not there", async () => {
    const missing = "0".repeat(64);
    expect(await storeOf().get({ storage: "s3", key: `00/${missing}` })).toBeNull();
  });

  it("refuses bytes that do not match the given hash", async () => {
    await expect(storeOf().put(Buffer.from("a"), sha256Hex(Buffer.from("b")))).rejects.toThrow(
      /do not match/,
    );
  });

  it("refuses an object changed in the bucket: it no longer matches its hash", async () => {
    const store = storeOf();
    const bytes = Buffer.from("signed-off change history\n");
    const stored = await store.put(bytes, sha256Hex(bytes));
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    });
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: `evidence/${stored.key}`,
        Body: Buffer.from("signed-off change histore\n"),
      }),
    );
    await expect(store.get(stored)).rejects.toThrow(/does not match its hash/);
  });

  it("lists the content objects under its prefix and removes one", async () => {
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    });
    const prefix = "listing/";
    const store = createS3EvidenceStore({
      bucket: BUCKET,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      prefix,
      client,
    });
    const stored = [];
    for (let n = 0; n < 3; n += 1) {
      const bytes = Buffer.from(`file ${n}\n`);
      stored.push(await store.put(bytes, sha256Hex(bytes)));
    }
    // Something else in the bucket under the prefix is not a content key: not listed, not removed.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix}README`, Body: "not evidence" }));
    const listed: string[] = [];
    for await (const { file } of store.list()) listed.push(file.key);
    expect(listed.sort()).toEqual(stored.map((file) => file.key).sort());

    await store.remove(stored[0]!);
    await store.remove(stored[0]!);
    expect(await store.get(stored[0]!)).toBeNull();
    expect(await store.get(stored[1]!)).not.toBeNull();
  });
});

describe("evidence uploads with EVIDENCE_S3_BUCKET set", () => {
  it("go to the bucket and come back checked", async () => {
    const ctx = await createTestContext({
      services: {
        EVIDENCE_S3_BUCKET: BUCKET,
        EVIDENCE_S3_ENDPOINT: s3.endpoint,
        EVIDENCE_S3_REGION: "us-east-1",
        EVIDENCE_S3_FORCE_PATH_STYLE: true,
      },
    });
    try {
      expect(ctx.services.evidenceStore.storage).toBe("s3");
      const admin = await signUp(ctx.app);
      const listed = await ctx.app.inject({
        url: `/api/tenants/${admin.tenantId}/evidence-requests?controlCode=ORG-GOV-02`,
        headers: { cookie: admin.cookie },
      });
      const requestId = listed.json().requests[0].id;
      const content = Buffer.from("minutes of the security oversight review\n");
      const uploaded = await ctx.app.inject({
        method: "POST",
        url: `/api/tenants/${admin.tenantId}/evidence-requests/${requestId}/submissions?fileName=minutes.md`,
        headers: { cookie: admin.cookie, "content-type": "text/markdown" },
        payload: content,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const submission = uploaded.json().submissions[0];
      const [row] = await ctx.database.db
        .select()
        .from(evidenceSubmissions)
        .where(eq(evidenceSubmissions.id, submission.id));
      expect(row).toMatchObject({ storage: "s3", sha256: sha256Hex(content) });
      const downloaded = await ctx.app.inject({
        url: `/api/tenants/${admin.tenantId}/evidence-requests/${requestId}/submissions/${submission.id}/file`,
        headers: { cookie: admin.cookie },
      });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(content)).toBe(true);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
