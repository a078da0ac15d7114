import { afterAll, beforeAll, describe, it } from "vitest";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";

/**
 * A contract's PostgreSQL run: one cluster for the file (started here, or LEXNAV_TEST_POSTGRES_URL's), in
 * which `suites` registers its describe blocks, each case making a fresh database with `cluster()`. Where
 * no cluster can be had, one skipped case says why, under the contract's name.
 */
export function describeOnPostgresCluster(contract: string, suites: (cluster: () => PostgresHandle) => void): void {
  const noPostgres = postgresUnavailableReason();
  if (noPostgres !== null) {
    console.log(`${contract} contract: PostgreSQL did not run: ${noPostgres}`);
    describe(`${contract} contract: PostgreSQL (did not run: ${noPostgres})`, () => {
      it.skip(`PostgreSQL did not run: ${noPostgres}`, () => {});
    });
    return;
  }
  describe(`PostgreSQL cluster for the ${contract} contract`, () => {
    let started: PostgresHandle | null = null;
    beforeAll(async () => {
      started = await startPostgres();
      if (started === null) throw new Error("PostgreSQL did not start although it is installed");
    }, 60_000);
    afterAll(async () => {
      await started?.stop();
    });
    suites(() => {
      if (started === null) throw new Error("the PostgreSQL cluster is not started");
      return started;
    });
  });
}
