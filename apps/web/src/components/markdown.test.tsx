import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Markdown, safeUrl } from "./markdown";

describe("Markdown", () => {
  it("renders code, quotes and lists instead of showing their Markdown", () => {
    const { container } = render(
      <Markdown>{"Set `persist-credentials: false`.\n\n> quoted\n\n- one\n- two"}</Markdown>,
    );
    expect(container.querySelector("code")).toHaveTextContent("persist-credentials: false");
    expect(container.querySelector("blockquote")).toHaveTextContent("quoted");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(container).not.toHaveTextContent("`");
    expect(container).not.toHaveTextContent(">");
  });

  it("never renders HTML from the data", () => {
    const { container } = render(
      <Markdown>
        {'Before <script>window.pwned = true</script> after.\n\n<img src="x" onerror="window.pwned = true">\n\n' +
          '<a href="javascript:alert(1)">raw link</a> and <svg><animate onbegin="alert(1)"/></svg>'}
      </Markdown>,
    );
    expect(container.querySelector("script, img, svg, animate, [onerror], [onbegin]")).toBeNull();
    expect(container.querySelector("a")).toBeNull();
    // The text stays readable as what it is.
    expect(container).toHaveTextContent("<script>window.pwned = true</script>");
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it("links only http(s) and mailto targets, in a new tab without opener or referrer", () => {
    render(
      <Markdown>
        {"[docs](https://example.test/rules) [mail](mailto:security@example.test) " +
          "[bad](javascript:alert(1)) [Mixed](JaVaScRiPt:alert(1)) [data](data:text/html,hi) " +
          "[relative](/settings) <javascript:alert(1)> ![tracker](https://example.test/pixel.png)"}
      </Markdown>,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://example.test/rules",
      "mailto:security@example.test",
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
      expect(link).toHaveAttribute("target", "_blank");
    }
    for (const text of ["bad", "Mixed", "data", "relative", "tracker"]) {
      expect(screen.getByText(text).closest("a")).toBeNull();
    }
    expect(screen.queryByRole("img")).toBeNull();
  });
});

describe("safeUrl", () => {
  it("keeps absolute http(s) and mailto URLs only", () => {
    expect(safeUrl("https://example.test/a?b=c")).toBe("https://example.test/a?b=c");
    expect(safeUrl("HTTP://example.test")).toBe("HTTP://example.test");
    expect(safeUrl("mailto:a@example.test")).toBe("mailto:a@example.test");
    for (const url of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "/local",
      "#top",
      "vbscript:x",
    ]) {
      expect(safeUrl(url)).toBe("");
    }
  });
});
