// The fake GitHub of the browser tests, as a process of its own (playwright.config.ts starts it):
// the App Rampart is configured with, one organization's repository, and an installation page
// that installs the App and sends the browser back to Rampart's setup URL, as GitHub does.
import { startFakeGitHub } from "../apps/server/test/fake-github.ts";

const fake = await startFakeGitHub({
  port: Number(process.env.E2E_GITHUB_PORT),
  app: {
    id: Number(process.env.E2E_GITHUB_APP_ID),
    slug: "rampart-e2e",
    privateKey: process.env.E2E_GITHUB_PRIVATE_KEY!,
    webhookSecret: process.env.E2E_GITHUB_WEBHOOK_SECRET!,
    clientId: "",
    clientSecret: "",
  },
  installPage: {
    rampartUrl: process.env.E2E_RAMPART_URL!,
    account: "e2e-org",
    repositories: ["e2e-org/service"],
  },
});
fake.createRepository("e2e-org/service", { Dockerfile: "FROM node:20\nADD server.js /app/\n" });
console.log(`fake GitHub at ${fake.url}`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
