import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ExpandableCheckRow, findingLocation, PassedCheckRow } from "./finding-row";

function Row() {
  const [open, setOpen] = useState(false);
  return (
    <ul>
      <ExpandableCheckRow
        where="infra/s3.tf:12"
        what="Bucket is not encrypted"
        severity="high"
        open={open}
        onToggle={() => setOpen(!open)}
      >
        <p>Enable default encryption.</p>
      </ExpandableCheckRow>
      <PassedCheckRow where="Repository-wide check" what="No violations in 3 files" />
    </ul>
  );
}

describe("finding rows", () => {
  it("expand to the panel they control, and show where and what", async () => {
    render(<Row />);
    const toggle = screen.getByRole("button", { name: /infra\/s3\.tf:12.*Bucket is not encrypted/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Enable default encryption.")).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = screen.getByText("Enable default encryption.").parentElement!;
    expect(panel.id).toBe(toggle.getAttribute("aria-controls"));
    expect(screen.getByText("High")).toBeInTheDocument();
    expect(screen.getByText("Repository-wide check")).toBeInTheDocument();
    expect(screen.getByText("No violations in 3 files")).toBeInTheDocument();
  });

  it("name a check's location, or say it covers the repository", () => {
    expect(findingLocation({ filePath: "src/app.ts", line: 4 })).toBe("src/app.ts:4");
    expect(findingLocation({ filePath: "Dockerfile", line: null })).toBe("Dockerfile");
    expect(findingLocation({ filePath: null, line: null })).toBe("Repository-wide check");
  });
});
