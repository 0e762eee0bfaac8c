import { describe, expect, it } from "vitest";
import { diffIn } from "./model-advisor.ts";
import { createNarrator, isGrounded, type Narratives } from "./narratives-model.ts";

const templates: Narratives = {
  narrative: "template narrative",
  postureAnalysis: "template posture",
  remediationAnalysis: "template remediation",
  environmentAnalysis: "template environments",
  topRisks: ["template risk"],
};

describe("isGrounded", () => {
  it("accepts only numbers that appear in the facts", () => {
    const facts = { score: 72.5, repositories: 3, environments: { total: 1200 } };
    expect(isGrounded(["Posture is at 72.5% across 3 repositories and 1,200 environments."], facts)).toBe(
      true,
    );
    expect(isGrounded(["Posture is at 73%."], facts)).toBe(false);
    expect(isGrounded(["No figures at all."], facts)).toBe(true);
  });
});

describe("createNarrator", () => {
  it("returns the templates without a model", async () => {
    const narrator = createNarrator({});
    expect(await narrator.narrate("t1", { score: 1 }, templates)).toBe(templates);
    expect(narrator.writtenBy).toBe("templates");
  });

  it("keeps the templates' risk lines when the model writes another number of them", async () => {
    const answer = { ...templates, narrative: "model narrative", topRisks: ["a", "b"] };
    const narrator = createNarrator({
      model: { model: "m", complete: async () => ({ ok: true, text: JSON.stringify(answer) }) },
    });
    const written = await narrator.narrate("t1", { score: 1 }, templates);
    expect(written.narrative).toBe("model narrative");
    expect(written.topRisks).toEqual(["template risk"]);
  });

  it("retries a failed version only after a pause", async () => {
    let at = 0;
    let calls = 0;
    const narrator = createNarrator({
      now: () => at,
      model: {
        model: "m",
        complete: async () => {
          calls++;
          return { ok: false, reason: "down" };
        },
      },
    });
    await narrator.narrate("t1", { score: 1 }, templates);
    await narrator.narrate("t1", { score: 1 }, templates);
    expect(calls).toBe(1);
    at += 10 * 60_000;
    expect(await narrator.narrate("t1", { score: 1 }, templates)).toBe(templates);
    expect(calls).toBe(2);
  });
});

describe("diffIn", () => {
  it("takes the diff out of a fenced answer", () => {
    expect(diffIn("Here:\n```diff\n--- a/x.tf\n+++ b/x.tf\n@@ -1 +1 @@\n-a\n+b\n```\nDone")).toBe(
      "--- a/x.tf\n+++ b/x.tf\n@@ -1 +1 @@\n-a\n+b\n",
    );
    expect(diffIn("no diff here")).toBeUndefined();
  });
});
