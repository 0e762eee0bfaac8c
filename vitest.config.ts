// One Vitest run covers every package. Integration suites run once on PGlite and, when
// TEST_DATABASE_URL is set (CI), once more on PostgreSQL: the same files, another backend.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const unit = ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "apps/server/src/**/*.test.ts"];
const integration = ["apps/server/src/**/*.int.test.ts"];

const backends = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: unit,
          exclude: [...integration, "**/node_modules/**"],
          environment: "node",
        },
      },
      ...backends.map((backend) => ({
        test: {
          name: `integration:${backend}`,
          include: integration,
          environment: "node",
          env: { RAMPART_TEST_BACKEND: backend },
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["apps/web/src/test/setup.ts"],
        },
      },
    ],
  },
});
