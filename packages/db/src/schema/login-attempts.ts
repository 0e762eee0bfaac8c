// Sign-in attempts per account, counted in the database so that every API process sees the same
// count: a few attempts per e-mail per window, then that e-mail is refused until the window ends.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const loginAttempts = pgTable(
  "login_attempts",
  {
    /**
     * SHA-256 (hex) of the normalised e-mail. Unknown e-mails are counted too (so a lock reveals
     * nothing), and hashing keeps what strangers typed out of the table.
     */
    accountKey: text("account_key").primaryKey(),
    /** Attempts since the window started; a successful sign-in deletes the row. */
    attempts: integer("attempts").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("login_attempts_window").on(table.windowStartedAt)],
);
