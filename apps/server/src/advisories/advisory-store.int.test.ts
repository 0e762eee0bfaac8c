// The server's advisory store: imports of real OSV records (copies of ../shared/osv-sample in the engine fixtures) from a zip built
// here, a folder and a URL, incremental by `modified`, withdrawn records, per-package lookup, the
// osv-import job, and a scan whose vulnerabilities come from the store.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { findings, osvAdvisories, osvAdvisoryPackages } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, SAMPLES_DIR, signUp, type TestContext } from "../../test/harness.ts";
import { osvImportJob } from "./osv-import.job.ts";

const SAMPLE = path.resolve(
  import.meta.dirname,
  "../../../../packages/engine/src/sca/osv/fixtures/osv-sample",
);
// Records that are not in the bundled demo set (which the store holds from the start).
const FILES = [
  "Debian/DSA-1543-1.json",
  "Debian/DSA-1819-1.json",
  "Debian/DTSA-125-1.json",
  "Debian/DSA-3029-1.json",
  "Go/GHSA-m425-mq94-257g.json",
  "PyPI/PYSEC-2021-63.json",
];
const read = (file: string) => JSON.parse(readFileSync(path.join(SAMPLE, file), "utf8"));

function zipOf(records: Record<string, unknown>[]): Uint8Array {
  return zipSync(
    Object.fromEntries(records.map((record) => [`${record.id}.json`, strToU8(JSON.stringify(record))])),
  );
}

let ctx: TestContext;
let work: string;
let zipPath: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "rampart-osv-"));
  ctx = await createTestContext({ localRepositoryRoots: [work] });
  zipPath = path.join(work, "all.zip");
  writeFileSync(zipPath, zipOf(FILES.map(read)));
}, 60_000);
afterAll(() => ctx.close());

const store = () => ctx.services.advisories;

describe("importing OSV records", () => {
  it("holds the bundled demo advisories from the start", async () => {
    expect(await store().find("GHSA-35jh-r3h4-6jhm")).toBeDefined(); // lodash
    const again = await store().importBundled();
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
    expect(again.skipped).toBeGreaterThan(0);
  });

  it("imports an all.zip, indexing each record by its packages", async () => {
    const summary = await store().importSource(zipPath);
    expect(summary).toMatchObject({ inserted: FILES.length, updated: 0, skipped: 0, unreadable: 0 });
    const dsa = await store().find("DSA-1543-1");
    expect(dsa).toMatchObject({
      modified: "2026-03-09T01:02:04.488111Z",
      withdrawn: null,
      ecosystems: ["Debian"],
    });
    const musl = await ctx.database.db
      .select()
      .from(osvAdvisoryPackages)
      .where(eq(osvAdvisoryPackages.advisoryId, "ALPINE-CVE-2025-26519"));
    // nine Alpine releases name musl: one lookup row
    expect(musl).toEqual([{ ecosystem: "Alpine", name: "musl", advisoryId: "ALPINE-CVE-2025-26519" }]);
    // DSA-3029-1 has no `modified`: stored, and older than any stamped copy
    expect((await store().find("DSA-3029-1"))?.modified).toBeNull();
  });

  it("is a no-op when imported again", async () => {
    const before = await store().find("DTSA-125-1");
    const summary = await store().importSource(zipPath);
    expect(summary).toMatchObject({ inserted: 0, updated: 0, skipped: FILES.length });
    expect((await store().find("DTSA-125-1"))?.importedAt).toEqual(before?.importedAt);
  });

  it("replaces a record only with a newer `modified`", async () => {
    const newer = read("Debian/DLA-3008-1.json");
    newer.modified = "2026-03-09T01:23:33.3756301Z"; // 100 ns later
    newer.affected[0].ranges[0].events[1].fixed = "1.1.0l-1~deb9u7";
    const older = read("Debian/DLA-3022-1.json");
    older.modified = "2020-01-01T00:00:00Z";
    older.summary = "an older copy";
    const summary = await store().importRecords({ records: [newer, older], errors: [] }, "test");
    expect(summary).toMatchObject({ inserted: 0, updated: 1, skipped: 1 });
    const stored = (await store().find("DLA-3008-1"))?.record as typeof newer;
    expect(stored.affected[0].ranges[0].events[1].fixed).toBe("1.1.0l-1~deb9u7");
    const kept = await store().find("DLA-3022-1");
    expect((kept?.record as { summary?: string } | undefined)?.summary).not.toBe("an older copy");
  });

  it("stores withdrawn records but never serves them to a scan", async () => {
    const cryptography = await store().sourceFor([{ ecosystem: "PyPI", name: "cryptography" }]);
    expect((await store().find("PYSEC-2021-63"))?.withdrawn).toBe("2021-02-10T20:15:00Z");
    expect(cryptography.index.size).toBe(0);

    const libxml = () => store().sourceFor([{ ecosystem: "Debian:9", name: "libxml2" }]);
    expect([...(await libxml()).index.byId.keys()]).toEqual(["DLA-3012-1"]);
    const sizeBefore = await store().size();
    const withdrawal = read("Debian/DLA-3012-1.json");
    withdrawal.modified = "2026-04-01T00:00:00Z";
    withdrawal.withdrawn = "2026-04-01T00:00:00Z";
    await store().importRecords({ records: [withdrawal], errors: [] }, "test");
    const after = await libxml();
    expect(after.index.size).toBe(0);
    expect(after.storeSize).toBe(sizeBefore - 1);
  });

  it("looks packages up by the ecosystem's normalised name", async () => {
    const django = await store().sourceFor([{ ecosystem: "PyPI", name: "DJANGO" }]);
    expect(django.index.size).toBeGreaterThan(0);
    expect(
      [...django.index.byId.values()].every((r) => r.affected?.some((a) => a.package?.name === "Django")),
    ).toBe(true);
    const musl = await store().sourceFor([{ ecosystem: "Alpine:v3.18", name: "musl" }]);
    expect([...musl.index.byId.keys()]).toEqual(["ALPINE-CVE-2025-26519"]);
    const nothing = await store().sourceFor([{ ecosystem: "npm", name: "no-such-package" }]);
    expect(nothing.index.size).toBe(0);
    expect(nothing.storeSize).toBeGreaterThan(0);
  });

  it("imports a folder and an http URL, and names what it cannot read", async () => {
    const folder = path.join(work, "folder");
    mkdirSync(folder);
    writeFileSync(
      path.join(folder, "GHSA-wf5p-g6vw-rhxx.json"),
      JSON.stringify(read("npm/GHSA-wf5p-g6vw-rhxx.json")),
    );
    writeFileSync(path.join(folder, "broken.json"), "{");
    const fromFolder = await store().importSource(folder);
    expect(fromFolder).toMatchObject({ inserted: 1, unreadable: 1 });
    expect(fromFolder.errors[0]?.file).toBe("broken.json");

    const zip = zipOf([read("Go/GO-2022-0493.json")]);
    const server: Server = createServer((request, response) => {
      if (request.url === "/all.zip") response.end(Buffer.from(zip));
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await store().importSource(`http://127.0.0.1:${port}/all.zip`)).toMatchObject({ inserted: 1 });
      await expect(store().importSource(`http://127.0.0.1:${port}/missing.zip`)).rejects.toThrow(/HTTP 404/);
    } finally {
      server.close();
    }
    await expect(store().importSource(path.join(work, "nowhere"))).rejects.toThrow(/ENOENT/);
  });
});

describe("the osv-import job", () => {
  it("imports the payload's source, and is scheduled daily only when OSV_SOURCE is set", async () => {
    const record = read("RubyGems/GHSA-8xww-x3g3-6jcv.json");
    const file = path.join(work, "one.json");
    writeFileSync(file, JSON.stringify(record));
    await ctx.jobs.send(ctx.services.osvImportJob, { source: file });
    const deadline = Date.now() + 20_000;
    while (!(await store().find(record.id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await store().find(record.id)).toBeDefined();

    expect(ctx.services.osvImportJob.schedule).toBeUndefined();
    expect(
      osvImportJob(store(), "https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip").schedule,
    ).toEqual({
      cron: "17 3 * * *",
    });
  });
});

describe("a scan reads its advisories from the store", () => {
  it("reports the stored vulnerabilities of the sample, and no longer one deleted from the store", async () => {
    const repoPath = path.join(work, "payments-api");
    cpSync(path.join(SAMPLES_DIR, "payments-api", "01-initial"), repoPath, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.email=t@example.test", "-c", "user.name=T", ...args], {
        cwd: repoPath,
      });
    git("init", "--quiet", "--initial-branch", "main");
    git("add", "--all");
    git("commit", "--quiet", "-m", "initial");
    const owner = await signUp(ctx.app);
    const repository = await asTenant(owner.tenantId, () =>
      ctx.services.repositoriesRepo.upsertByName({
        tenantId: owner.tenantId,
        name: "acme/payments-api",
        source: "local",
        location: repoPath,
        defaultBranch: "main",
        scanSchedule: null,
      }),
    );
    const scanOnce = async () => {
      const scan = await asTenant(owner.tenantId, () =>
        ctx.services.scans.request({
          tenantId: owner.tenantId,
          repositoryId: repository.id,
          triggeredBy: "test",
        }),
      );
      const done = await asTenant(owner.tenantId, () => ctx.services.scans.waitFor(scan.id, 60_000));
      expect(done?.state).toBe("completed");
      const rows = await ctx.database.db
        .select({ metadata: findings.metadata })
        .from(findings)
        .where(and(eq(findings.runId, done!.runId!), eq(findings.ruleId, "sca/vulnerable-dependency")));
      return rows.flatMap(
        (row) => (row.metadata as { properties: { advisoryIds: string[] } }).properties.advisoryIds,
      );
    };

    const first = await scanOnce();
    expect(first).toContain("GHSA-35jh-r3h4-6jhm"); // lodash 4.17.20, command injection
    await ctx.database.db.delete(osvAdvisories).where(eq(osvAdvisories.id, "GHSA-35jh-r3h4-6jhm"));
    const second = await scanOnce();
    expect(second).not.toContain("GHSA-35jh-r3h4-6jhm");
    expect(second.length).toBe(first.length - 1);
  }, 180_000);
});
