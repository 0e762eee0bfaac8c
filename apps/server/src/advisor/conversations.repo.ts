// A user's advisor conversations in one tenant and their messages. Every query names the tenant
// and the user; row-level security keeps other tenants out even if one forgot.
import type { ChatMessage, Citation, Conversation } from "@rampart/contracts/advisor";
import type { Database } from "@rampart/db/client";
import { chatMessages, conversations } from "@rampart/db/schema";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";

export type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Longest title the list shows: the first question, cut at a word. */
const TITLE_LENGTH = 80;

export function conversationTitle(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  if (flat.length <= TITLE_LENGTH) return flat;
  const cut = flat.slice(0, TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

export interface Owner {
  tenantId: string;
  userId: string;
}

export function createConversationsRepo(db: Database) {
  const mine = (owner: Owner) =>
    and(eq(conversations.tenantId, owner.tenantId), eq(conversations.userId, owner.userId));

  function toMessage(row: MessageRow): ChatMessage {
    return {
      id: row.id,
      role: row.role,
      content: row.content,
      citations: row.citations as Citation[],
      answeredBy: row.answeredBy,
      timestamp: row.createdAt.toISOString(),
    };
  }

  return {
    async find(owner: Owner, key: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(mine(owner), eq(conversations.key, key)));
      return row;
    },

    /** The conversation `key` of this user, made with `question` as its title if it is new. */
    async open(owner: Owner, key: string, question: string): Promise<ConversationRow> {
      await db
        .insert(conversations)
        .values({ ...owner, key, title: conversationTitle(question) })
        .onConflictDoNothing();
      const row = await this.find(owner, key);
      if (!row) throw new Error("conversation not stored");
      return row;
    },

    async messageCount(conversation: ConversationRow): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversation.id));
      return row?.n ?? 0;
    },

    /** The newest `limit` messages, oldest first. */
    async recentMessages(conversation: ConversationRow, limit: number): Promise<ChatMessage[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversation.id))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit);
      return rows.reverse().map(toMessage);
    },

    async addMessage(
      conversation: ConversationRow,
      message: {
        role: "user" | "assistant";
        content: string;
        citations?: Citation[];
        answeredBy?: string | null;
      },
    ): Promise<ChatMessage> {
      const [row] = await db
        .insert(chatMessages)
        .values({
          tenantId: conversation.tenantId,
          conversationId: conversation.id,
          role: message.role,
          content: message.content,
          citations: message.citations ?? [],
          answeredBy: message.answeredBy ?? null,
        })
        .returning();
      await db
        .update(conversations)
        .set({ updatedAt: sql`now()` })
        .where(eq(conversations.id, conversation.id));
      if (!row) throw new Error("message not stored");
      return toMessage(row);
    },

    /** The user's conversations in the tenant, most recently used first. */
    async list(owner: Owner, limit: number) {
      const rows = await db
        .select({
          id: conversations.key,
          title: conversations.title,
          updatedAt: conversations.updatedAt,
          messageCount: count(chatMessages.id),
        })
        .from(conversations)
        .leftJoin(chatMessages, eq(chatMessages.conversationId, conversations.id))
        .where(mine(owner))
        .groupBy(conversations.id)
        .orderBy(desc(conversations.updatedAt), desc(conversations.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
    },

    async conversation(owner: Owner, key: string, maxMessages: number): Promise<Conversation | undefined> {
      const row = await this.find(owner, key);
      if (!row) return undefined;
      const messages = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, row.id))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
        .limit(maxMessages);
      return {
        id: row.key,
        title: row.title,
        updatedAt: row.updatedAt.toISOString(),
        messageCount: messages.length,
        messages: messages.map(toMessage),
      };
    },
  };
}

export type ConversationsRepo = ReturnType<typeof createConversationsRepo>;
