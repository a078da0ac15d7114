import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "services/*/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // LEXNAV_KEEP_SERVICE_LOGS=<dir>: spawned services' output kept in files, named when a test fails.
    setupFiles: ["test/support/service-logs-setup.ts"],
  },
});
