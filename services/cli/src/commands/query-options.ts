import { LexnavError } from "@lexnav/core";
import type { Principal } from "@lexnav/retrieval";
import { type Reader, requestScope } from "@lexnav/stack";
import type { CliContext } from "../context.ts";

/** What `ask` and `search` share: the mode, the output, who asks, how many passages, the scope. */
export interface QueryOptions {
  mode: string;
  json: boolean;
  principal?: string;
  groups: string[];
  k?: number;
  /** Only these documents (`--doc`), or those of a transaction set (`--set`); both: the listed ones of the set. */
  documentIds?: string[];
  transactionSetId?: string;
  /** The lexical index version to read (`--index-version`; the active one when absent). */
  indexVersion?: string;
}

/**
 * Who asks, how many passages and in which documents, from the shared options: `--principal` /
 * `--group`, else the local operator (`localPrincipal`); `--k` from 1 to 100 (default 10); the scope
 * (`requestScope`).
 */
export async function queryOf(
  ctx: CliContext,
  opts: QueryOptions,
): Promise<{ principal: Principal; k: number; documentIds?: string[]; indexVersion?: string }> {
  if (opts.k !== undefined && !(Number.isInteger(opts.k) && opts.k > 0 && opts.k <= 100))
    throw new LexnavError("invalid_argument", "--k must be a whole number from 1 to 100");
  await somethingIndexed(ctx);
  const asked = readerOf(opts);
  const principal: Principal = asked === "operator" ? await localPrincipal(ctx) : asked;
  const scope = await requestScope(ctx.catalog, opts, principal);
  return {
    principal,
    k: opts.k ?? 10,
    ...(scope ? { documentIds: scope } : {}),
    ...(opts.indexVersion ? { indexVersion: opts.indexVersion } : {}),
  };
}

/**
 * A store with no indexed document has nothing to search: that is said as such, with what to do, not as
 * an index version missing (or, in a dense mode, as a silence). Documents that failed to ingest are
 * counted, so one whose every file failed knows where to look. Whether anything is indexed at all is no
 * secret of any document's: whom a document admits is not read here.
 */
async function somethingIndexed(ctx: CliContext): Promise<void> {
  // counted by the catalog, not listed: this runs before every search and ask
  const counts = await ctx.catalog.countDocuments();
  const count = (state: string) => counts.filter((c) => c.lifecycle === state).reduce((n, c) => n + c.count, 0);
  if (count("indexed") > 0) return;
  const failed = count("failed");
  throw new LexnavError(
    "not_found",
    `no document is indexed in ${ctx.config.dbPath} yet${failed > 0 ? ` (${failed} failed to ingest: "lexnav list" gives the reasons)` : ""}: ingest documents first ("lexnav ingest <files or folders> --acl group:<name>"), or try "lexnav demo"`,
  );
}

/**
 * Who asks when no --principal/--group is given: the local operator of the embedded store, member of
 * every group any document names (whoever runs the CLI can read the SQLite file anyway). Documents
 * ingested without --acl carry empty access lists, which the retrieval rule reads as "admins only":
 * nobody finds them by search, this default user included; ingest with --acl to make them askable.
 */
export async function localPrincipal(ctx: CliContext): Promise<Principal> {
  const groups = new Set<string>(["local"]);
  for (const d of await ctx.catalog.listDocuments({ lifecycle: ["indexed"] }))
    for (const g of d.access.groups) groups.add(g);
  return { id: "local", groups: [...groups].sort() };
}

/**
 * Who reads through a command from `--principal` / `--group`: that principal (id "anonymous" when only
 * groups are given); with neither, the store's operator, for the catalog views (list, inspect, navindex,
 * replay). `search` and `ask` ask as `localPrincipal` instead.
 */
export function readerOf(opts: { principal?: string | undefined; groups?: readonly string[] | undefined }): Reader {
  const groups = opts.groups ?? [];
  return opts.principal || groups.length > 0 ? { id: opts.principal ?? "anonymous", groups: [...groups] } : "operator";
}
