import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { createMailer } from "./mailer.ts";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

describe("createMailer", () => {
  it("delivers through the configured SMTP server, authenticated", async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: "Rampart <rampart@example.test>" });
    expect(mailer.configured).toBe(true);
    const result = await mailer.send({ to: "ada@example.test", subject: "Invitation ✓", text: "Join us" });
    expect(result).toEqual({ sent: true });
    const mail = await sink.waitFor((m) => m.to.includes("ada@example.test"));
    expect(mail).toMatchObject({ from: "rampart@example.test", subject: "Invitation ✓" });
    expect(mail.text.trim()).toBe("Join us");
  });

  it("is off without SMTP_URL and says so instead of pretending", async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: "x@example.test" });
    expect(mailer.configured).toBe(false);
    expect(await mailer.send({ to: "a@example.test", subject: "s", text: "t" })).toEqual({
      sent: false,
      reason: "not_configured",
    });
  });

  it("turns a refused login into a value and reports the cause to the log only", async () => {
    const errors: unknown[] = [];
    const wrong = sink.url.replace("sink-password", "wrong");
    const mailer = createMailer({ smtpUrl: wrong, from: "x@example.test", onError: (e) => errors.push(e) });
    expect(await mailer.send({ to: "a@example.test", subject: "s", text: "t" })).toEqual({
      sent: false,
      reason: "delivery_failed",
    });
    expect(errors).toHaveLength(1);
  });
});
