// Outgoing mail (invitations, account notices) through SMTP when `SMTP_URL` is configured.
// Without it nothing is sent and callers fall back to what the spec shows (the invitation link
// on screen); a failed delivery is a value, never an exception that undoes the caller's write.
import { createTransport } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export type MailResult = { sent: true } | { sent: false; reason: "not_configured" | "delivery_failed" };

export interface Mailer {
  /** True when an SMTP server is configured, so a caller can say "sent" rather than "copy the link". */
  readonly configured: boolean;
  send(message: MailMessage): Promise<MailResult>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; undefined: mail is off. */
  smtpUrl?: string | undefined;
  from: string;
  /** Where a delivery failure is reported (never to the user: it may name the mail server). */
  onError?: (error: unknown) => void;
  /** How long a connection, the server's greeting or a silent socket may take; 15 s by default. */
  timeoutMs?: number;
}

export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) {
    return { configured: false, send: async () => ({ sent: false, reason: "not_configured" }) };
  }
  // A mail server that accepts and then says nothing must not hold the request that sends.
  const timeout = options.timeoutMs ?? 15_000;
  const transport = createTransport(
    { url: options.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
    { from: options.from },
  );
  return {
    configured: true,
    async send(message) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
        return { sent: true };
      } catch (error) {
        options.onError?.(error);
        return { sent: false, reason: "delivery_failed" };
      }
    },
  };
}
