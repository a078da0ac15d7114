import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPostgresCatalog, type PostgresCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, type Logger, silentLogger } from "@lexnav/core";
import { createIngestPipeline, type IngestPipeline } from "@lexnav/ingest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeOnPostgresCluster } from "./postgres-cluster.ts";

const OPEN = { principals: [], groups: ["deal-team"] };
const SET = "set_manufacturing";
const example = (n: number) =>
  readFileSync(join(import.meta.dirname, "../../examples/manufacturing-agreement", `manufacturing-agreement-${n}.txt`));

/**
 * `catalog` with some methods of each transaction's `tx` replaced: `over(tx)` is called once per
 * transaction (nested ones included), so what it returns may keep that transaction's state.
 */
function intercept(catalog: PostgresCatalog, over: (tx: PostgresCatalog) => Partial<PostgresCatalog>): PostgresCatalog {
  const replaced = over(catalog);
  return new Proxy(catalog, {
    get(target, key, receiver) {
      if (key === "transaction")
        return <T>(fn: (tx: PostgresCatalog) => Promise<T>) => target.transaction((tx) => fn(intercept(tx, over)));
      return (replaced as Record<PropertyKey, unknown>)[key] ?? Reflect.get(target, key, receiver);
    },
  });
}

/** The ids of the documents a document's nodes link into (cross-references and defined-term uses). */
function linkedInto(nodes: Awaited<ReturnType<PostgresCatalog["getNodes"]>>): Set<string> {
  const ids = new Set<string>();
  for (const n of nodes) {
    for (const x of n.xrefs) if (x.targetDocumentId !== null) ids.add(x.targetDocumentId);
    for (const u of n.termUses) if (u.definitionDocumentId !== null) ids.add(u.definitionDocumentId);
  }
  return ids;
}

function recordingLogger(warnings: string[]): Logger {
  return {
    ...silentLogger,
    warn: (msg: string, fields?: Record<string, unknown>) => warnings.push(`${msg} ${JSON.stringify(fields ?? {})}`),
  };
}

describeOnPostgresCluster("transaction-set linking beside deletes", (cluster) => {
  describe("two ingest replicas on one PostgreSQL catalog", () => {
    let one: PostgresCatalog;
    let two: PostgresCatalog;
    beforeEach(async () => {
      const url = await cluster().createDatabase();
      one = await createPostgresCatalog(url);
      two = await createPostgresCatalog(url);
    });
    afterEach(async () => {
      await one?.close();
      await two?.close();
    });

    const pipelineOn = (catalog: PostgresCatalog, warnings: string[]): IngestPipeline =>
      createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: recordingLogger(warnings) });

    /** The agreement and two of its amendments, filed under one set and linked. */
    async function fileSet(pipeline: IngestPipeline) {
      const ids: string[] = [];
      for (const n of [1, 2, 3]) {
        const r = await pipeline.ingest({
          source: `/deal/manufacturing-${n}.txt`,
          bytes: example(n),
          access: OPEN,
          transactionSetId: SET,
        });
        expect(r.status).toBe("indexed");
        ids.push(r.documentId);
      }
      const [base, amendment, other] = ids as [string, string, string];
      return { base, amendment, other };
    }

    it("a member deleted by one replica while another relinks its set is skipped, not failed, and left unlinked", async () => {
      const warnings: string[] = [];
      const { base, amendment, other } = await fileSet(pipelineOn(one, warnings));
      const amendmentVersion = (await one.getDocument(amendment))?.currentVersion as string;
      // the amendment links into the agreement it amends: the links the deletes must leave behind
      expect(linkedInto(await one.getNodes(amendment, amendmentVersion))).toContain(base);

      // Replica two deletes the agreement; it signals once its erasure has committed (its relink comes next).
      let erasureCommitted!: () => void;
      const committed = new Promise<void>((r) => {
        erasureCommitted = r;
      });
      const replicaTwo = pipelineOn(
        intercept(two, (tx) => ({
          lockSetFiling: async () => {
            erasureCommitted();
            await tx.lockSetFiling();
          },
        })),
        warnings,
      );
      // Replica one deletes another amendment, then relinks the set. Once that relink has read the agreement
      // (the set-filing lock held, nothing written yet), replica two's delete of the agreement runs to commit.
      let secondDelete: Promise<unknown> | null = null;
      const replicaOne = pipelineOn(
        intercept(one, (tx) => {
          let filing = false;
          return {
            lockSetFiling: async () => {
              await tx.lockSetFiling();
              filing = true;
            },
            getNodes: async (id, version) => {
              const nodes = await tx.getNodes(id, version);
              if (filing && id === base && secondDelete === null) {
                secondDelete = replicaTwo.remove(base);
                await committed;
              }
              return nodes;
            },
          };
        }),
        warnings,
      );

      expect(await replicaOne.remove(other)).toMatchObject({ documentId: other, versions: 1 });
      expect(secondDelete).not.toBeNull();
      expect(await secondDelete).toMatchObject({ documentId: base, versions: 1 });

      expect(warnings).toEqual([]);
      expect((await one.getDocument(base))?.lifecycle).toBe("deleted");
      expect(await one.listVersions(base)).toEqual([]);
      // the set's survivor keeps its own nodes and no link into either deleted member
      const nodes = await one.getNodes(amendment, amendmentVersion);
      expect(nodes.length).toBeGreaterThan(0);
      expect(linkedInto(nodes).has(base)).toBe(false);
      expect(linkedInto(nodes).has(other)).toBe(false);
    });

    it("a delete that comes while a relink holds the member waits for it, then erases what it wrote", async () => {
      const warnings: string[] = [];
      const { base, amendment } = await fileSet(pipelineOn(one, warnings));
      const baseVersion = (await one.getDocument(base))?.currentVersion as string;
      let held!: () => void;
      const holding = new Promise<void>((r) => {
        held = r;
      });
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      const order: string[] = [];
      // Replica one relinks (as after its delete of a member) and stops once it holds the agreement.
      const replicaOne = pipelineOn(
        intercept(one, (tx) => ({
          lockDocument: async (id) => {
            await tx.lockDocument(id);
            if (id === base) {
              held();
              await released;
              order.push("relink wrote the agreement");
            }
          },
        })),
        warnings,
      );
      const relinking = replicaOne.remove(amendment);
      await Promise.race([
        holding,
        relinking.then(() => {
          throw new Error("the relink wrote its members without taking the agreement's lock");
        }),
      ]);
      const deleting = pipelineOn(two, warnings)
        .remove(base)
        .then((r) => {
          order.push("delete committed");
          return r;
        });
      // The delete cannot commit while the relink holds the agreement's lock.
      await new Promise((r) => setTimeout(r, 300));
      expect(order).toEqual([]);
      release();
      await Promise.all([relinking, deleting]);
      expect(order).toEqual(["relink wrote the agreement", "delete committed"]);
      expect(warnings).toEqual([]);
      expect(await one.getNodes(base, baseVersion)).toEqual([]);
      expect(await one.listVersions(base)).toEqual([]);
    });
  });
});
