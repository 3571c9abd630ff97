import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts", "scripts/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
        },
      },
      {
        // The web app's component tests run in a DOM (happy-dom); its plain .test.ts files run under node above.
        extends: true,
        test: {
          name: "web",
          include: ["apps/web/**/*.test.tsx"],
          environment: "happy-dom",
        },
      },
      {
        // The whole product in a real browser (apps/web/e2e): one launcher and one Chromium per file, files one at a
        // time, after the other projects so the two cores are not shared with them.
        extends: true,
        test: {
          name: "e2e",
          include: ["apps/web/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/web/e2e/global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 240_000,
          // A UI step waits on chain round trips and the app's refresh polling, seconds each.
          expect: { poll: { timeout: 45_000, interval: 100 } },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
