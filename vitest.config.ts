// One Vitest run covers every package. Integration suites run once on PGlite and, when
// TEST_DATABASE_URL is set (CI), once more on PostgreSQL: the same files, another backend.
import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const unit = ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "apps/server/src/**/*.test.ts"];
const integration = ["apps/server/src/**/*.int.test.ts"];

const backends = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];
/** Integration files that replace modules with `vi.mock`: they need a module graph of their own. */
const freshModules = ["apps/server/src/auth/auth.int.test.ts"];

/**
 * Integration files on one backend. Each file builds its own application over its own database,
 * so the files of one worker can share the imported modules (`isolate: false`): importing the
 * server once per worker instead of once per file saves about a third of the suite's time.
 */
function integrationProject(
  backend: string,
  options: { name: string; include?: string[]; exclude?: string[]; isolate: boolean },
) {
  return {
    test: {
      name: options.name,
      include: options.include ?? integration,
      exclude: [...(options.exclude ?? []), "**/node_modules/**"],
      isolate: options.isolate,
      environment: "node" as const,
      env: { RAMPART_TEST_BACKEND: backend },
      globalSetup: ["apps/server/test/global-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, while most files
    // wait on a database, git or the engine's workers: two at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "unit",
          include: unit,
          // a hang detector, not a speed check: two files share two cores
          testTimeout: 20_000,
          exclude: [...integration, "**/node_modules/**"],
          environment: "node",
        },
      },
      ...backends.flatMap((backend) => [
        integrationProject(backend, {
          name: `integration:${backend}`,
          exclude: freshModules,
          isolate: false,
        }),
        integrationProject(backend, {
          name: `integration:${backend}:fresh-modules`,
          include: freshModules,
          isolate: true,
        }),
      ]),
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["apps/web/src/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
