import { randomUUID } from "node:crypto";
import type { AuditEntry, Control, ControlKind } from "@lexnav/catalog";
import { DEFAULT_OPERATOR_GROUP, LexnavError, toLexnavError } from "@lexnav/core";
import { documentsUnder } from "@lexnav/ingest";
import { announceAccessChanges } from "@lexnav/ingest-service";
import type { Principal } from "@lexnav/retrieval";
import type { CliContext } from "../context.ts";
import { parseAcl } from "./ingest.ts";
import { withNats } from "./nats.ts";

/** Who runs a command: `--principal` / `--group` when given. */
export interface ActorOptions {
  principal?: string;
  groups: string[];
}

/** The group whose members may use operator views and controls. */
export function operatorGroup(ctx: CliContext): string {
  return ctx.config.operatorGroup ?? DEFAULT_OPERATOR_GROUP;
}

/**
 * Who runs an operator command: the `--principal` / `--group` given, else the local operator of the
 * embedded store. Whoever runs the CLI on the store's machine can open the SQLite file directly, so
 * refusing them operator views would protect nothing; a deployment gives operator rights by membership
 * of the operator group (LEXNAV_OPERATOR_GROUP), and every use is audited either way.
 */
export function actorOf(ctx: CliContext, opts: ActorOptions): Principal {
  if (opts.principal || opts.groups.length > 0) return { id: opts.principal ?? "anonymous", groups: opts.groups };
  return { id: "local", groups: [operatorGroup(ctx)] };
}

export function isOperator(ctx: CliContext, actor: Principal): boolean {
  return actor.groups.includes(operatorGroup(ctx));
}

/** Refuses an operator command to a principal outside the operator group (the refusal is audited too). */
export async function requireOperator(ctx: CliContext, actor: Principal, action: string): Promise<void> {
  if (isOperator(ctx, actor)) return;
  await recordAudit(ctx, actor, { action: `${action} (refused)`, operator: false });
  throw new LexnavError(
    "permission_denied",
    `lexnav ${action} is for operators: members of the group "${operatorGroup(ctx)}" (LEXNAV_OPERATOR_GROUP)`,
  );
}

/** Appends one CLI audit entry for `actor`; fields not given are empty. */
export async function recordAudit(
  ctx: CliContext,
  actor: Principal,
  entry: Partial<Omit<AuditEntry, "at" | "principal" | "groups" | "channel">> & { action: string },
): Promise<void> {
  await ctx.audit.append({
    at: new Date().toISOString(),
    principal: actor.id,
    groups: [...actor.groups],
    channel: "cli",
    operator: entry.operator ?? isOperator(ctx, actor),
    question: null,
    mode: null,
    scope: null,
    documentIds: [],
    answerId: null,
    target: null,
    ...entry,
  });
}

/**
 * What a control command names: a document by id, or a transaction set (`--set <id>`, or an id that is
 * no document's but some document's set). A set need not have members yet: its controls apply to the
 * documents filed under it later.
 */
export async function controlScope(
  ctx: CliContext,
  target: string | undefined,
  set: string | undefined,
): Promise<Pick<Control, "scope" | "scopeId">> {
  if (set !== undefined && set !== "") return { scope: "set", scopeId: set };
  if (target === undefined || target === "")
    throw new LexnavError("invalid_argument", "name a document id or --set <id>");
  if (await ctx.catalog.getDocument(target)) return { scope: "document", scopeId: target };
  if ((await ctx.catalog.listDocuments({ transactionSetId: target })).length > 0)
    return { scope: "set", scopeId: target };
  throw new LexnavError("not_found", `no document or transaction set with id "${target}"`);
}

export interface ControlOptions extends ActorOptions {
  target?: string;
  set?: string;
  release: boolean;
  json: boolean;
}

function describe(scope: Pick<Control, "scope" | "scopeId">): string {
  return scope.scope === "set" ? `transaction set ${scope.scopeId}` : scope.scopeId;
}

/** Places or lifts one control per name, audits it and prints what changed. */
async function changeControls(
  ctx: CliContext,
  action: string,
  opts: ControlOptions,
  controls: Array<{ kind: ControlKind; name: string }>,
): Promise<{ scope: Pick<Control, "scope" | "scopeId">; changed: number }> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, action);
  const scope = await controlScope(ctx, opts.target, opts.set);
  const since = new Date().toISOString();
  let changed = 0;
  for (const c of controls) {
    const key = { ...scope, ...c };
    if (await ctx.changeControl(opts.release ? { lift: key } : { place: { ...key, by: actor.id, since } })) changed++;
  }
  await recordAudit(ctx, actor, { action: opts.release ? `${action} --release` : action, target: scope.scopeId });
  return { scope, changed };
}

/**
 * `lexnav wall <doc-id> --deny <principal|group:name>...` (or `--set <id>`): an ethical wall keeping those
 * principals and groups out of the document, or of every current and future document of the set,
 * whatever their access grants; `--release` lifts it.
 *
 * With `LEXNAV_CONTROL_EVENTS=nats` (a deployment's catalog) the documents the wall covers are announced
 * to the indexing stages, which apply their current access, walls included; otherwise a stage would learn
 * of the wall only at the document's next change. The announcement is made whether or not this run changed
 * anything, so running the command again repairs an announcement that failed.
 */
export async function wallCommand(ctx: CliContext, opts: ControlOptions & { deny: string[] }): Promise<void> {
  if (opts.deny.length === 0) throw new LexnavError("invalid_argument", "wall needs --deny <principal|group:name>");
  const denied = parseAcl(opts.deny);
  const { scope, changed } = await changeControls(ctx, "wall", opts, [
    ...denied.principals.map((name) => ({ kind: "deny_principal" as const, name })),
    ...denied.groups.map((name) => ({ kind: "deny_group" as const, name })),
  ]);
  const walls = (await ctx.catalog.listControls(scope)).filter(
    (c) => c.kind === "deny_principal" || c.kind === "deny_group",
  );
  const announced = ctx.config.stages.controlEvents === "nats" ? await announceWall(ctx, scope) : null;
  if (opts.json)
    ctx.out(JSON.stringify({ ...scope, changed, walls, ...(announced !== null ? { announced } : {}) }, null, 2));
  else
    ctx.out(
      `${opts.release ? "lifted" : "placed"} ${changed} wall(s) on ${describe(scope)}; walled out now: ${
        walls.map((w) => (w.kind === "deny_group" ? `group:${w.name}` : w.name)).join(", ") || "nobody"
      }${announced !== null ? `; announced to the indexing stages for ${announced} document(s)` : ""}`,
    );
}

/** Announces the access of the documents a wall covers to the indexing stages; the count announced. */
async function announceWall(ctx: CliContext, scope: Pick<Control, "scope" | "scopeId">): Promise<number> {
  const documents = await documentsUnder(ctx.catalog, scope);
  if (documents.length === 0) return 0;
  try {
    return await withNats(ctx, (nc) =>
      announceAccessChanges(nc, documents, { commandId: `wall-${randomUUID()}`, at: new Date() }),
    );
  } catch (e) {
    // The wall stands in the catalog and the CLI's own store; the stages' copies wait for the announcement.
    throw new LexnavError(
      "unavailable",
      `the wall is in the catalog, but the indexing stages could not be told (${toLexnavError(e).message}); run the command again to announce it`,
      { cause: e, retryable: true },
    );
  }
}

/**
 * `lexnav hold <doc-id>` (or `--set <id>`): a legal hold; a held document, or any document of a held
 * set, cannot be deleted until `--release`.
 */
export async function holdCommand(ctx: CliContext, opts: ControlOptions): Promise<void> {
  const { scope, changed } = await changeControls(ctx, "hold", opts, [{ kind: "legal_hold", name: "" }]);
  const held = (await ctx.catalog.listControls(scope)).find((c) => c.kind === "legal_hold") ?? null;
  if (opts.json) ctx.out(JSON.stringify({ ...scope, changed: changed > 0, hold: held }, null, 2));
  else if (held) ctx.out(`${describe(scope)} is on legal hold since ${held.since}, by ${held.by}`);
  else ctx.out(`${describe(scope)} is not on legal hold${changed > 0 ? " (released)" : ""}`);
}

/**
 * `lexnav no-external <doc-id>` (or `--set <id>`): the document's text, or the set's, is never sent to an
 * external model; a question whose context would include it is answered offline and says so.
 */
export async function noExternalCommand(ctx: CliContext, opts: ControlOptions): Promise<void> {
  const { scope, changed } = await changeControls(ctx, "no-external", opts, [{ kind: "no_external_model", name: "" }]);
  const barred = (await ctx.catalog.listControls(scope)).some((c) => c.kind === "no_external_model");
  if (opts.json) ctx.out(JSON.stringify({ ...scope, changed: changed > 0, noExternalModel: barred }, null, 2));
  else ctx.out(`${describe(scope)} ${barred ? "is not sent" : "may be sent"} to an external model`);
}

/** `lexnav audit [--limit N] [--json]`: the newest audit entries; for operators, and itself audited. */
export async function auditCommand(
  ctx: CliContext,
  opts: ActorOptions & { json: boolean; limit?: number },
): Promise<void> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, "audit");
  if (opts.limit !== undefined && !(Number.isInteger(opts.limit) && opts.limit > 0))
    throw new LexnavError("invalid_argument", "--limit must be a whole number above 0");
  await recordAudit(ctx, actor, { action: "audit" });
  const entries = await ctx.audit.list(opts.limit === undefined ? {} : { limit: opts.limit });
  if (opts.json) {
    ctx.out(JSON.stringify(entries, null, 2));
    return;
  }
  for (const e of entries) {
    const what = e.question === null ? (e.target ?? "") : `${e.mode ?? ""} ${JSON.stringify(e.question)}`;
    const docs = e.documentIds.length > 0 ? ` → ${e.documentIds.join(", ")}` : "";
    ctx.out(
      `${e.seq}  ${e.at}  ${e.channel}  ${e.principal}${e.operator ? " (operator)" : ""}  ${e.action}  ${what}${docs}`,
    );
  }
}
