// The advisor chat's conversations and their messages, kept per user and tenant (spec: AI Security
// Advisor). The browser names a conversation by a 21-character key; the row's own id is a uuid, so
// the same key in another tenant or of another user is another conversation and reveals nothing.
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const CHAT_ROLES = ["user", "assistant"] as const;

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The browser's 21-character conversation id. */
    key: text("key").notNull(),
    /** The first question, shortened: what the conversation list shows. */
    title: text("title").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("conversations_tenant_user_key_idx").on(table.tenantId, table.userId, table.key),
    index("conversations_tenant_user_updated_idx").on(table.tenantId, table.userId, table.updatedAt),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: CHAT_ROLES }).notNull(),
    content: text("content").notNull(),
    /** What the answer cited: { kind, id, label, href }[] (contracts' Citation). */
    citations: jsonb("citations").notNull().default([]),
    /** The model's name or "knowledge base"; null for questions and for answers that failed. */
    answeredBy: text("answered_by"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("chat_messages_conversation_idx").on(table.conversationId, table.createdAt)],
);
