import { createServer, type Socket } from "node:net";
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

  // Without the timeout nodemailer waits 30 s for a greeting, past the test's own time limit.
  it("gives up on a server that accepts the connection and never greets", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const errors: unknown[] = [];
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "x@example.test",
        onError: (error) => errors.push(error),
        timeoutMs: 300,
      });
      expect(await mailer.send({ to: "a@example.test", subject: "s", text: "t" })).toEqual({
        sent: false,
        reason: "delivery_failed",
      });
      expect(String(errors[0])).toMatch(/greeting|timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
