// One message of the advisor chat: the user's question, or the advisor's answer with what it cited
// (links into the app) and who answered (a model's name or "knowledge base").
import type { Citation } from "@rampart/contracts/advisor";
import { Bot, User } from "lucide-react";
import { Link } from "wouter";
import { Markdown } from "../../components/markdown";
import { cn } from "../../lib/cn";

export interface ChatMessageView {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  citations: Citation[];
  answeredBy: string | null;
  /** On until the stream's end marker arrives. */
  streaming: boolean;
}

/** An in-app path only: a citation never sends the user off-site. */
function isInAppPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.includes("\\");
}

export function ChatMessage({ message }: { message: ChatMessageView }) {
  const mine = message.role === "user";
  const Icon = mine ? User : Bot;
  return (
    <li
      className={cn("flex gap-3", mine && "flex-row-reverse")}
      aria-label={mine ? "Your question" : "Advisor's answer"}
    >
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-elevated">
        <Icon className="size-4" aria-hidden />
      </span>
      <div
        className={cn(
          "max-w-[80%] rounded-lg px-3 py-2 text-sm",
          mine ? "bg-primary text-primary-foreground" : "bg-elevated text-foreground",
        )}
      >
        {mine ? (
          <p className="whitespace-pre-wrap">{message.content}</p>
        ) : message.content ? (
          <Markdown>{message.content}</Markdown>
        ) : (
          <p className="text-muted-foreground">Thinking…</p>
        )}
        {message.citations.length > 0 ? (
          <div className="mt-2 border-t border-border pt-2">
            <p className="text-xs text-muted-foreground">Sources</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {message.citations.map((citation) => (
                <li key={`${citation.kind}:${citation.id}`}>
                  {isInAppPath(citation.href) ? (
                    <Link
                      href={citation.href}
                      className="text-xs text-primary underline-offset-4 hover:underline"
                    >
                      {citation.label}
                    </Link>
                  ) : (
                    <span className="text-xs">{citation.label}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {!mine && message.answeredBy ? (
          <p className="mt-2 text-xs text-muted-foreground">Answered by {message.answeredBy}</p>
        ) : null}
        {message.streaming ? <span className="sr-only">The answer is still arriving</span> : null}
      </div>
    </li>
  );
}
