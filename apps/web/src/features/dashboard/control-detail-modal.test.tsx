import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID, testControlRow, testFinding } from "../../test/fixtures";
import { renderWithProviders, stubFetch } from "../../test/render";
import { ControlDetailModal } from "./control-detail-modal";

const row = testControlRow();
const FINDINGS = `GET /api/controls/${row.control.id}/findings?tenantId=${TENANT_ID}`;

async function openModal(findings: ReturnType<typeof testFinding>[]) {
  const body = {
    control: row.control,
    passes: findings.filter((finding) => finding.status === "pass").length,
    failures: findings.filter((finding) => finding.status === "fail").length,
    evaluated: true,
    findings,
    images: { vulnerabilities: [], clean: [] },
  };
  stubFetch({ [FINDINGS]: { body } });
  renderWithProviders(<ControlDetailModal row={row} tenantId={TENANT_ID} onClose={() => {}} />);
  const dialog = await screen.findByRole("dialog", { name: row.control.title });
  await within(dialog).findByText("Failed Checks", { selector: "dt" });
  return dialog;
}

describe("ControlDetailModal", () => {
  it("renders the remediation guidance as Markdown, never as HTML from the data", async () => {
    const failed = testFinding({
      filePath: ".github/workflows/ci.yml",
      line: 4,
      metadata: {
        suggestion:
          "Set `persist-credentials: false`.\n\n> Steps that push can pass the token explicitly.\n\n" +
          '<img src="x" onerror="window.pwned = true"> <script>window.pwned = true</script> ' +
          "[read more](javascript:alert(1)) and [the docs](https://docs.example.test/checkout)",
      },
    });
    const dialog = await openModal([failed]);
    await userEvent.setup().click(within(dialog).getByRole("button", { name: /ci\.yml:4/ }));

    const guidance = within(dialog).getByText("Remediation Guidance").parentElement!;
    expect(guidance.querySelector("code")).toHaveTextContent("persist-credentials: false");
    expect(guidance.querySelector("blockquote")).toHaveTextContent("Steps that push");
    expect(guidance).not.toHaveTextContent("`");
    expect(guidance.querySelector("img, script, [onerror]")).toBeNull();
    expect(within(guidance).getByText("read more").closest("a")).toBeNull();
    expect(within(guidance).getByRole("link", { name: "the docs" })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it("links the commit on its host when the run has a link, and shows only the commit id otherwise", async () => {
    const linked = testFinding({
      filePath: "a.tf",
      run: {
        createdAt: "2025-06-01T14:05:00.000Z",
        commitSha: "abcdef0123456789",
        commitUrl: "https://github.com/acme/payments-api/commit/abcdef0123456789",
        repo: "acme/payments-api",
      },
    });
    const local = testFinding({ filePath: "b.tf" });
    const dialog = await openModal([linked, local]);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole("button", { name: /a\.tf/ }));
    const link = within(dialog).getByRole("link", { name: /View Commit/ });
    expect(link).toHaveAttribute("href", "https://github.com/acme/payments-api/commit/abcdef0123456789");
    expect(link).toHaveAttribute("rel", expect.stringContaining("noreferrer"));
    await user.click(within(dialog).getByRole("button", { name: /b\.tf/ }));
    expect(within(dialog).getByText("abcdef0")).toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: /View Commit/ })).not.toBeInTheDocument();
  });

  it("wraps a repository-wide check's location at word boundaries, on its own line above the message", async () => {
    const failed = testFinding({ filePath: null, line: null, message: "Workflow has no permissions block" });
    const passed = testFinding({
      status: "pass",
      filePath: null,
      line: null,
      message: "Workflow pins every action: no violations in 12 files across the repository",
    });
    const dialog = await openModal([failed, passed]);
    const locations = within(dialog).getAllByText("Repository-wide check");
    expect(locations).toHaveLength(2);
    for (const location of locations) {
      // break-all split "Repository-wide" anywhere; overflow-wrap breaks a word only when it cannot fit a line.
      expect(location).not.toHaveClass("break-all");
      expect(location).toHaveClass("wrap-break-word", "block");
    }
    const passedLocation = within(within(dialog).getByRole("region", { name: "Passed checks" })).getByText(
      "Repository-wide check",
    );
    // Not a flex sibling of the message, which would squeeze it to a few characters.
    expect(passedLocation.parentElement?.tagName).not.toBe("LI");
    expect(passedLocation.parentElement).toHaveTextContent(/no violations in 12 files/);
  });
});
