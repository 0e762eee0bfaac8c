// The dashboard's narrative and the CISO snapshot's analyses, written by the language model when
// one is configured and from the templates otherwise (posture/narratives.ts). The model is given
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
}

export function createNarrator(deps: {
  model?: { model: string; complete(tenantId: string, task: string, data: unknown): Promise<Completion> };
  log?: (message: string, error: unknown) => void;
  now?: () => number;
}): Narrator {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { narratives: Narratives | null; until: number }>();
  const pending = new Map<string, Promise<Narratives | null>>();

  async function fromModel(tenantId: string, facts: Record<string, unknown>): Promise<Narratives | null> {
    if (!deps.model) return null;
    const answer = await deps.model.complete(tenantId, TASK, facts);
    if (!answer.ok) return null;
    const start = answer.text.indexOf("{");
    const end = answer.text.lastIndexOf("}");
    let json: unknown;
    try {
      json = start === -1 ? undefined : JSON.parse(answer.text.slice(start, end + 1));
    } catch {
      json = undefined;
    }
    const parsed = ModelNarratives.safeParse(json);
    if (!parsed.success) return null;
    const { topRisks, ...sentences } = parsed.data;
    if (!isGrounded([...Object.values(sentences), ...topRisks], facts)) {
      deps.log?.(
        "advisor: the model's narrative was discarded",
        new Error("it named figures that are not in the data"),
      );
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

  return {
    writtenBy: deps.model?.model ?? "templates",

    async narrate(tenantId, facts, templates) {
      if (!deps.model) return templates;
      const version = createHash("sha256").update(JSON.stringify(facts)).digest("hex");
      const key = `${tenantId}:${version}`;
      const cached = cache.get(key);
      if (cached && cached.until > now()) return cached.narratives ?? templates;
      // Two page loads at once make one call.
      let call = pending.get(key);
      if (!call) {
        call = fromModel(tenantId, facts).finally(() => pending.delete(key));
        pending.set(key, call);
      }
      const narratives = await call;
      cache.delete(key);
      cache.set(key, {
        narratives,
        until: narratives ? Number.POSITIVE_INFINITY : now() + RETRY_AFTER_MS,
      });
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      // The model writes as many risk lines as there are risks, or the templates' stand.
      if (narratives && narratives.topRisks.length !== templates.topRisks.length)
        return { ...narratives, topRisks: templates.topRisks };
      return narratives ?? templates;
    },
  };
}
