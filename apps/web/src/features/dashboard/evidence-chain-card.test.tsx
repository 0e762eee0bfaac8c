import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { testArtifact, testChain } from "../../test/fixtures";
import { EvidenceChainCard } from "./evidence-chain-card";

/** The value under a label of the card's description list. */
function shownUnder(label: string) {
  return screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
}

describe("EvidenceChainCard", () => {
  it("shows runs as runs and entries as entries", () => {
    // Ten runs wrote twenty-five entries: each run's finding batch, image scans, fix PRs.
    render(
      <EvidenceChainCard
        chain={testChain({ totalRuns: 10, chainLength: 25 })}
        artifacts={[testArtifact(24), testArtifact(23)]}
      />,
    );
    expect(shownUnder("Total Runs")).toBe("10");
    expect(shownUnder("Chain Length")).toBe("25");
  });
});
