// Switching demo mode on as the web does: POST /api/demo/seed until the template is ready (409
// while its sample scans run), then the caller's own demo organization's id.
import type { App } from "../src/http/types.ts";

export async function seedDemoWhenReady(app: App, cookie: string, timeoutMs = 280_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie } });
    if (response.statusCode === 200) return response.json().tenantId;
    if (response.statusCode !== 409) throw new Error(`demo seed: ${response.statusCode} ${response.body}`);
    if (Date.now() > deadline) throw new Error("the demo template never became ready");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
