// The AI advisor: knowledge-base answer latency for the common questions, and time to first token
// and tokens per second through Rampart (services.chatAdvisor: tools, retrieval, masking, the
// openai client) against the local fake OpenAI-compatible server, beside the same stream read
// straight from the fake. Data: the dashboard bench's seed (runs × findings per run).
import { tmpdir } from "node:os";
import { tenants } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import OpenAI from "openai";
import pino from "pino";
import { createJobQueue } from "../apps/server/src/jobs/job-queue.ts";
import { createServices, jobDefinitions } from "../apps/server/src/services.ts";
import { defaultAgent, startFakeOpenAi } from "../apps/server/test/fake-openai.ts";
import { seed } from "./dashboard.ts";
import { markdownTable, openBenchDatabase } from "./lib.ts";
import { startBenchServer } from "./server.ts";

const REPEATS = Number(process.env.BENCH_ADVISOR_REPEATS ?? 15);
const FINDINGS_PER_RUN = Number(process.env.BENCH_ADVISOR_FINDINGS ?? 200);
/** Chunks of the long answer for tokens per second (one chunk is one token of a real server). */
const LONG_ANSWER_CHUNKS = 2_000;
const QUESTIONS = [
  "What are my top risks?",
  "Why does CC6.1 fail?",
  "What changed since last week?",
  "How do I fix an S3 bucket without encryption configuration?",
  "Are we ready for SOC 2?",
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function run(): Promise<string> {
  const { database, cleanup } = await openBenchDatabase("pglite");
  const fake = await startFakeOpenAi();
  try {
    const registering = await startBenchServer(database);
    const registered = await registering.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "advisor@example.test",
        password: "benchmark password",
        name: "Bench",
        tenantName: "Advisor Bench",
      },
    });
    await registering.stop();
    if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
    const [organization] = await database.ownerDb
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.name, "Advisor Bench"));
    const tenantId = organization!.id;
    const counts = await seed(database, tenantId, FINDINGS_PER_RUN);

    const jobs = createJobQueue({ database, logger: pino({ level: "silent" }) });
    const common = {
      SESSION_TTL_DAYS: 30,
      SAMPLES_DIR: "/nonexistent",
      DATA_DIR: tmpdir(),
      LOCAL_REPOSITORY_ROOTS: [],
      SCAN_WAIT_SECONDS: 0,
      LEDGER_ORIGIN: "rampart.bench",
      AI_REQUESTS_PER_MINUTE: 1_000_000,
      AI_TOKENS_PER_DAY: 1_000_000_000,
    };
    const withoutModel = createServices(database.db, common, jobs, database.ownerDb);
    const withModel = createServices(
      database.db,
      { ...common, AI_BASE_URL: fake.url, AI_MODEL: "fake-gpt", AI_API_KEY: "sk-bench" },
      jobs,
      database.ownerDb,
    );
    await jobs.start(jobDefinitions(withoutModel), { runWorkers: false });

    const ask = async (advisor: typeof withModel.chatAdvisor, question: string) => {
      const started = performance.now();
      let first: number | undefined;
      let chunks = 0;
      let answeredBy: string | undefined;
      for await (const event of advisor.ask({
        tenantId,
        userId: tenantId,
        question,
        history: [],
        signal: new AbortController().signal,
      })) {
        if (event.type === "content") {
          first ??= performance.now() - started;
          chunks++;
        }
        if (event.type === "done") answeredBy = event.answeredBy;
        if (event.type === "error") throw new Error(event.message);
      }
      return { firstMs: first ?? Number.NaN, totalMs: performance.now() - started, chunks, answeredBy };
    };

    const rows: string[][] = [];
    for (const question of QUESTIONS) {
      await ask(withoutModel.chatAdvisor, question);
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i++) times.push((await ask(withoutModel.chatAdvisor, question)).totalMs);
      rows.push(["knowledge base", question, ms(median(times)), ms(Math.max(...times))]);
    }

    // Time to first token: one tool round (the fake agent calls a tool, then answers).
    fake.script = defaultAgent;
    await ask(withModel.chatAdvisor, QUESTIONS[0]!);
    const firsts: number[] = [];
    for (let i = 0; i < REPEATS; i++) firsts.push((await ask(withModel.chatAdvisor, QUESTIONS[0]!)).firstMs);
    rows.push(["model, 1 tool call", "time to first token", ms(median(firsts)), ms(Math.max(...firsts))]);

    // Tokens per second of a long answer, through Rampart and straight from the fake.
    const words = Array.from({ length: LONG_ANSWER_CHUNKS }, (_, i) => `w${i} `);
    fake.script = () => ({ kind: "content", chunks: words });
    const through = await ask(withModel.chatAdvisor, "Tell me everything");
    const client = new OpenAI({ baseURL: fake.url, apiKey: "sk-bench", maxRetries: 0 });
    const direct = performance.now();
    let directChunks = 0;
    for await (const chunk of await client.chat.completions.create({
      model: "fake-gpt",
      messages: [{ role: "user", content: "x" }],
      stream: true,
    }))
      if (chunk.choices[0]?.delta.content) directChunks++;
    const directMs = performance.now() - direct;
    rows.push([
      "model",
      `tokens/s through Rampart (${through.chunks} chunks)`,
      `${Math.round(through.chunks / (through.totalMs / 1000))}/s`,
      "",
    ]);
    rows.push([
      "model",
      `tokens/s straight from the fake (${directChunks} chunks)`,
      `${Math.round(directChunks / (directMs / 1000))}/s`,
      "",
    ]);

    await jobs.stop();
    return [
      `PGlite, ${counts.findings.toLocaleString("en")} findings (the dashboard seed, ${FINDINGS_PER_RUN} per run); ${REPEATS} repeats after one warm-up; fake server on 127.0.0.1, no delay.`,
      "",
      markdownTable(["advisor", "question / measure", "median", "max"], rows),
    ].join("\n");
  } finally {
    await fake.close();
    await cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
