// The fake OpenAI-compatible provider (apps/server/test/fake-openai.ts) as a process of its own,
// for the browser test of the advisor with a model: it calls a tool, then streams its answer.
import { startFakeOpenAi } from "../apps/server/test/fake-openai.ts";

const port = Number(process.env.E2E_OPENAI_PORT);
const fake = await startFakeOpenAi({ port, apiKey: process.env.E2E_OPENAI_KEY ?? "e2e-key" });
console.log(`fake OpenAI-compatible provider at ${fake.url}`);
