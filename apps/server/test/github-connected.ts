// A tenant connected to the fake GitHub as onboarding connects one: the server configured with the
// fake's App, then the install link and the setup callback GitHub sends the browser to.
import { expect } from "vitest";
import type { ServicesConfig } from "../src/services.ts";
import type { FakeApp, FakeGitHub, FakeInstallation } from "./fake-github.ts";
import type { signUp, TestContext } from "./harness.ts";

/** The server's settings for the fake's App; git may clone from the fake on 127.0.0.1 over http. */
export function fakeGitHubServices(github: FakeGitHub, app: FakeApp): Partial<ServicesConfig> {
  return {
    GITHUB_URL: github.url,
    GITHUB_APP_ID: app.id,
    GITHUB_APP_PRIVATE_KEY: app.privateKey,
    GITHUB_WEBHOOK_SECRET: app.webhookSecret,
    GIT_PROTOCOLS: ["https", "http"],
    GIT_ALLOWED_INTERNAL_HOSTS: ["127.0.0.1"],
  };
}

/** Links `installation` to the owner's tenant through the install link and the setup callback. */
export async function connectInstallation(
  ctx: TestContext,
  owner: Awaited<ReturnType<typeof signUp>>,
  installation: FakeInstallation,
): Promise<void> {
  const link = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/github/install-link`,
    headers: { cookie: owner.cookie },
  });
  expect(link.statusCode).toBe(200);
  const state = new URL(link.json().url).searchParams.get("state");
  // Without the App's OAuth client, GitHub's answer for the installation is the check.
  const setup = await ctx.app.inject({
    url: `/api/github/setup?installation_id=${installation.id}&setup_action=install&state=${state}`,
    headers: { cookie: owner.cookie },
  });
  expect(setup.statusCode).toBe(303);
}
