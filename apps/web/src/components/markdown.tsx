// Markdown from the data (rule guidance, pull request bodies, advisory text) as React elements,
// never as HTML: raw HTML in the text shows as the text it is (react-markdown's default, without
// rehype-raw), images show only their alt text (nothing is fetched from the data's URLs), and only
// http(s) and mailto targets become links.
import { type ComponentProps, createElement } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import { cn } from "../lib/cn";

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

/** The URL when it is an absolute http(s) or mailto link; "" for anything else (javascript:, data:, relative). */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  return SAFE_LINK.test(trimmed) ? trimmed : "";
}

/** How each element looks: the data's Markdown sits inside cards and dialogs, so it stays small. */
const ELEMENT_CLASSES = {
  p: "my-1 first:mt-0 last:mb-0",
  ul: "my-1 list-disc pl-5",
  ol: "my-1 list-decimal pl-5",
  li: "my-0.5",
  blockquote: "my-1 border-l-2 border-border pl-3 italic",
  pre: "my-1 overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs [&_code]:bg-transparent [&_code]:p-0",
  code: "rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] text-foreground",
  h1: "mt-2 mb-1 font-semibold",
  h2: "mt-2 mb-1 font-semibold",
  h3: "mt-2 mb-1 font-semibold",
  h4: "mt-2 mb-1 font-medium",
  h5: "mt-2 mb-1 font-medium",
  h6: "mt-2 mb-1 font-medium",
  hr: "my-2 border-border",
} as const;

type StyledTag = keyof typeof ELEMENT_CLASSES;

/** The element as react-markdown made it, with the table's classes and without its syntax-tree node. */
function styled(tag: StyledTag) {
  return ({ node: _node, ...props }: ComponentProps<StyledTag> & ExtraProps) =>
    createElement(tag, { ...props, className: ELEMENT_CLASSES[tag] });
}

const COMPONENTS: Components = {
  ...Object.fromEntries((Object.keys(ELEMENT_CLASSES) as StyledTag[]).map((tag) => [tag, styled(tag)])),
  a: ({ node: _node, href, children }) =>
    href ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary underline-offset-2 hover:underline"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn("break-words", className)}>
      <ReactMarkdown urlTransform={safeUrl} components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
