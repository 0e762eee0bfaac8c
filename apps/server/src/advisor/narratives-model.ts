// The dashboard's narrative, the CISO snapshot's analyses and the page narrators' summaries
// (runs, evidence, compliance), written by the language model when one is configured and from the
// templates otherwise (posture/narratives.ts, narratives/page-narratives.ts). The model is given
// the facts the templates are built from, and its sentences are used only when every number in
// them is one of those facts (grounding). Results are cached per tenant and data version (a hash
// of the facts), so loading a page again does not call the model; a failed call falls back to the
// templates and is retried only after a pause.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Completion } from "./model-completion.ts";
import { maskSecrets } from "./untrusted.ts";

export interface Narratives {
  narrative: string;
  postureAnalysis: string;
  remediationAnalysis: string;
  environmentAnalysis: string;
  topRisks: string[];
}

const SENTENCE_CHARS = 600;
const ModelNarratives = z.object({
  narrative: z.string().trim().min(1).max(SENTENCE_CHARS),
  postureAnalysis: z.string().trim().min(1).max(SENTENCE_CHARS),
  remediationAnalysis: z.string().trim().min(1).max(SENTENCE_CHARS),
  environmentAnalysis: z.string().trim().min(1).max(SENTENCE_CHARS),
  topRisks: z.array(z.string().trim().min(1).max(SENTENCE_CHARS)).max(3),
});

const TASK = [
  "Write the security dashboard's summary for a CISO from the facts in the data below. Answer with",
  'one JSON object only: {"narrative": one sentence on overall posture, "postureAnalysis": one',
  'sentence on the posture score and its change, "remediationAnalysis": one sentence on fixed',
  'findings and time to fix, "environmentAnalysis": one sentence on scanned repositories and the',
  "environments' drift, \"topRisks\": one short line per entry of the facts' topRisks, same order}.",
  "Use only numbers that appear in the facts; do not invent figures, names or trends.",
].join(" ");

const ModelSummary = z.object({ summary: z.string().trim().min(1).max(SENTENCE_CHARS) });

/** The page narrators' task: one page's figures, one sentence. */
function summaryTask(page: string): string {
  return [
    `Write the one-sentence summary shown on the ${page} page of a security and compliance tool, for a`,
    'CISO, from the facts in the data below. Answer with one JSON object only: {"summary": the sentence}.',
    "Use only numbers that appear in the facts; do not invent figures, names or trends.",
  ].join(" ");
}

/** The JSON object in a model's answer, or undefined. */
function jsonIn(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** Entries kept: tenants × data versions; the oldest go first. */
const MAX_ENTRIES = 2_000;
/** How long a tenant's data version uses the templates after the model failed on it. */
const RETRY_AFTER_MS = 5 * 60_000;

/** Every number written in `text` (12, 4.5, 85%), as written without separators. */
function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((number) => number.replaceAll(",", ""));
}

/** Whether every number of `written` is one of the facts' numbers. */
export function isGrounded(written: readonly string[], facts: unknown): boolean {
  const known = new Set(numbersIn(JSON.stringify(facts)));
  return written.every((text) => numbersIn(text).every((number) => known.has(number)));
}

export interface Narrator {
  /** Who writes the narratives: the model's name, or "templates". */
  writtenBy: string;
  narrate(tenantId: string, facts: Record<string, unknown>, templates: Narratives): Promise<Narratives>;
  /** One page's summary; `source` names who wrote the sentence returned (the model, or "templates"). */
  summarize(
    tenantId: string,
    page: string,
    facts: Record<string, unknown>,
    template: string,
  ): Promise<{ summary: string; source: string }>;
}

export function createNarrator(deps: {
  model?: { model: string; complete(tenantId: string, task: string, data: unknown): Promise<Completion> };
  log?: (message: string, error: unknown) => void;
  now?: () => number;
}): Narrator {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { written: unknown; until: number }>();
  const pending = new Map<string, Promise<unknown>>();

  /**
   * What `write` makes of these facts for this tenant (null when the model failed or was not
   * grounded), computed once per data version: a success is kept, a failure retried after a pause.
   */
  async function cached<T>(tenantId: string, kind: string, facts: unknown, write: () => Promise<T | null>) {
    const version = createHash("sha256").update(JSON.stringify(facts)).digest("hex");
    const key = `${tenantId}:${kind}:${version}`;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.written as T | null;
    // Two page loads at once make one call.
    let call = pending.get(key) as Promise<T | null> | undefined;
    if (!call) {
      call = write().finally(() => pending.delete(key));
      pending.set(key, call);
    }
    const written = await call;
    cache.delete(key);
    cache.set(key, { written, until: written ? Number.POSITIVE_INFINITY : now() + RETRY_AFTER_MS });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    return written;
  }

  function discarded() {
    deps.log?.(
      "advisor: the model's narrative was discarded",
      new Error("it named figures that are not in the data"),
    );
  }

  async function fromModel(tenantId: string, facts: Record<string, unknown>): Promise<Narratives | null> {
    if (!deps.model) return null;
    const answer = await deps.model.complete(tenantId, TASK, facts);
    if (!answer.ok) return null;
    const parsed = ModelNarratives.safeParse(jsonIn(answer.text));
    if (!parsed.success) return null;
    const { topRisks, ...sentences } = parsed.data;
    if (!isGrounded([...Object.values(sentences), ...topRisks], facts)) {
      discarded();
      return null;
    }
    const mask = (text: string) => maskSecrets(text);
    return {
      narrative: mask(sentences.narrative),
      postureAnalysis: mask(sentences.postureAnalysis),
      remediationAnalysis: mask(sentences.remediationAnalysis),
      environmentAnalysis: mask(sentences.environmentAnalysis),
      topRisks: topRisks.map(mask),
    };
  }

  async function summaryFromModel(
    tenantId: string,
    page: string,
    facts: Record<string, unknown>,
  ): Promise<string | null> {
    if (!deps.model) return null;
    const answer = await deps.model.complete(tenantId, summaryTask(page), facts);
    if (!answer.ok) return null;
    const parsed = ModelSummary.safeParse(jsonIn(answer.text));
    if (!parsed.success) return null;
    if (!isGrounded([parsed.data.summary], facts)) {
      discarded();
      return null;
    }
    return maskSecrets(parsed.data.summary);
  }

  return {
    writtenBy: deps.model?.model ?? "templates",

    async narrate(tenantId, facts, templates) {
      if (!deps.model) return templates;
      const narratives = await cached(tenantId, "dashboard", facts, () => fromModel(tenantId, facts));
      // The model writes as many risk lines as there are risks, or the templates' stand.
      if (narratives && narratives.topRisks.length !== templates.topRisks.length)
        return { ...narratives, topRisks: templates.topRisks };
      return narratives ?? templates;
    },

    async summarize(tenantId, page, facts, template) {
      const model = deps.model;
      if (!model) return { summary: template, source: "templates" };
      const summary = await cached(tenantId, `page:${page}`, facts, () =>
        summaryFromModel(tenantId, page, facts),
      );
      return summary ? { summary, source: model.model } : { summary: template, source: "templates" };
    },
  };
}
