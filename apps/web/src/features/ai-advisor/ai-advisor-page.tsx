// AI Security Advisor (/ai-advisor; spec: AI Security Advisor): a chat about the current tenant.
// The chat area scrolls at 500 px; five suggested questions come from the tenant's state; answers
// stream in as they are written, with their sources and who answered; sending is blocked while the
// input is blank or a reply is in progress; a failure becomes the assistant message
// 'I encountered an error: {message}. Please try again.'. Earlier conversations are listed beside.

import type { Conversation } from "@rampart/contracts/advisor";
import { useQueryClient } from "@tanstack/react-query";
import { MessageSquarePlus, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Textarea } from "../../components/ui/textarea";
import { apiGet } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { askAdvisor, newConversationId } from "./api/ask-advisor";
import { conversationsQueryKey, useConversations, useSuggestedQuestions } from "./api/conversations";
import { ChatMessage, type ChatMessageView } from "./chat-message";

/** Spec §9: the chat area's scroll height and the number of suggested questions. */
export const CHAT_SCROLL_HEIGHT_PX = 500;
export const SUGGESTED_QUESTION_COUNT = 5;

export const errorReply = (message: string) => `I encountered an error: ${message}. Please try again.`;

export function AiAdvisorPage() {
  const { tenantId, isLoading } = useCurrentTenant();
  const ready = isLoading ? null : tenantId;
  return (
    <Page>
      <PageHeader title="AI Security Advisor" subtitle="Ask questions about your security posture" />
      {!isLoading && tenantId === null ? (
        <NoTenantState />
      ) : ready ? (
        // A new tenant starts a new chat.
        <AdvisorChat key={ready} tenantId={ready} />
      ) : (
        <div role="status" aria-label="Loading the advisor">
          <Skeleton className="h-[500px]" />
        </div>
      )}
    </Page>
  );
}

function AdvisorChat({ tenantId }: { tenantId: string }) {
  const queryClient = useQueryClient();
  const conversations = useConversations(tenantId);
  const suggestions = useSuggestedQuestions(tenantId);
  const [conversationId, setConversationId] = useState(newConversationId);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [input, setInput] = useState("");
  const [replying, setReplying] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the page stops the answer in progress (the server stops generating).
  useEffect(() => () => abortRef.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the messages change
  useEffect(() => {
    const area = scrollRef.current;
    if (area) area.scrollTop = area.scrollHeight;
  }, [messages]);

  const update = (id: string, change: (message: ChatMessageView) => ChatMessageView) =>
    setMessages((current) => current.map((message) => (message.id === id ? change(message) : message)));

  async function send(text: string) {
    const question = text.trim();
    if (!question || replying) return;
    const now = new Date().toISOString();
    const answerId = `answer-${crypto.randomUUID()}`;
    setMessages((current) => [
      ...current,
      {
        id: `question-${crypto.randomUUID()}`,
        role: "user",
        content: question,
        timestamp: now,
        citations: [],
        answeredBy: null,
        streaming: false,
      },
      {
        id: answerId,
        role: "assistant",
        content: "",
        timestamp: now,
        citations: [],
        answeredBy: null,
        streaming: true,
      },
    ]);
    setInput("");
    setReplying(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      await askAdvisor({ question, tenantId, conversationId, signal: controller.signal }, (event) =>
        update(answerId, (message) => ({
          ...message,
          content: message.content + event.content,
          citations: event.citations ? [...message.citations, ...event.citations] : message.citations,
          answeredBy: event.answeredBy ?? message.answeredBy,
        })),
      );
      update(answerId, (message) => ({ ...message, streaming: false }));
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = error instanceof Error && error.message ? error.message : "Streaming error occurred";
      update(answerId, (message) => ({
        ...message,
        content: errorReply(reason),
        citations: [],
        answeredBy: null,
        streaming: false,
      }));
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setReplying(false);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey(tenantId) });
    }
  }

  function startNew() {
    abortRef.current?.abort();
    setConversationId(newConversationId());
    setMessages([]);
    setLoadError(null);
  }

  async function open(id: string) {
    if (replying || id === conversationId) return;
    setLoadError(null);
    try {
      const conversation = await queryClient.fetchQuery({
        queryKey: ["/api/tenants", tenantId, "conversations", id],
        queryFn: ({ queryKey, signal }) => apiGet<Conversation>(queryKey, { signal }),
        staleTime: 0,
      });
      setConversationId(id);
      setMessages(conversation.messages.map((message) => ({ ...message, streaming: false })));
    } catch {
      setLoadError("Failed to load the conversation. Please try again.");
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(input);
  }

  const questions = (suggestions.data?.questions ?? []).slice(0, SUGGESTED_QUESTION_COUNT);
  const blank = input.trim().length === 0;

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle className="text-base">Conversations</CardTitle>
          <Button
            variant="ghost"
            size="icon"
            onClick={startNew}
            disabled={replying}
            aria-label="New conversation"
          >
            <MessageSquarePlus aria-hidden />
          </Button>
        </CardHeader>
        <CardContent>
          {conversations.isPending ? (
            <Skeleton className="h-16" />
          ) : conversations.isError ? (
            <p className="text-sm text-muted-foreground">Failed to load conversations.</p>
          ) : conversations.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No conversations yet.</p>
          ) : (
            <ul aria-label="Conversations" className="flex flex-col gap-1">
              {conversations.data.map((conversation) => (
                <li key={conversation.id}>
                  <button
                    type="button"
                    onClick={() => void open(conversation.id)}
                    disabled={replying}
                    aria-current={conversation.id === conversationId ? "true" : undefined}
                    className={cn(
                      "w-full truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent disabled:opacity-60",
                      conversation.id === conversationId && "bg-accent",
                    )}
                    title={conversation.title}
                  >
                    {conversation.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <div
            ref={scrollRef}
            data-testid="chat-area"
            className="overflow-y-auto pr-1"
            style={{ height: CHAT_SCROLL_HEIGHT_PX }}
            aria-live="polite"
          >
            {loadError ? <p className="mb-2 text-sm text-danger">{loadError}</p> : null}
            {messages.length === 0 ? (
              <div className="flex h-full flex-col items-center justify-center gap-4 text-center">
                <p className="text-sm text-muted-foreground">
                  Ask about this organization's findings, controls, compliance, risks, runs and evidence.
                </p>
                {questions.length > 0 ? (
                  <ul
                    aria-label="Suggested questions"
                    className="flex max-w-xl flex-wrap justify-center gap-2"
                  >
                    {questions.map((question) => (
                      <li key={question}>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => void send(question)}
                          disabled={replying}
                        >
                          {question}
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : (
              <ol aria-label="Messages" className="flex flex-col gap-4">
                {messages.map((message) => (
                  <ChatMessage key={message.id} message={message} />
                ))}
              </ol>
            )}
          </div>
          <form onSubmit={submit} className="flex items-end gap-2">
            <Textarea
              aria-label="Your question"
              placeholder="Ask the advisor…"
              value={input}
              maxLength={4000}
              rows={2}
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) {
                  event.preventDefault();
                  void send(input);
                }
              }}
            />
            <Button type="submit" disabled={blank || replying} aria-label="Send">
              <Send aria-hidden />
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
