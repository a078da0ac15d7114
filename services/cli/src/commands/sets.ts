import { LexnavError } from "@lexnav/core";
import type { DocumentRecord } from "@lexnav/document-model";
import { relinkTransactionSet } from "@lexnav/ingest";
import { someReaderOfAll } from "@lexnav/provisions";
import { setNameFor } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { type ActorOptions, actorOf, recordAudit, requireOperator } from "./controls.ts";

/** Longest name a set may be given. */
const MAX_SET_NAME = 200;

export interface SetChange {
  setId: string;
  name: string | null;
  documentIds: string[];
}

/**
 * `lexnav set name|add|remove` (operators): name a transaction set, file a document into it, or take
 * one out. A set forms only among documents some one reader may read: a document no reader of every
 * member may read is refused. Cross-document links of every set touched are recomputed. A set under a
 * wall, hold or external-model bar is not regrouped here: its members' access follows the set's
 * controls, so lift them, regroup, and place them again.
 */
export async function setCommand(
  ctx: CliContext,
  verb: string | undefined,
  args: readonly string[],
  opts: ActorOptions & { json: boolean },
): Promise<SetChange> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, `set ${verb ?? ""}`.trim());
  const [setId, target] = args;
  if (!setId)
    throw new LexnavError("invalid_argument", "set needs a verb and a set id: set name|add|remove <set-id> ...");
  const now = new Date().toISOString();
  const membersOf = (id: string) => ctx.catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: id });
  let change: SetChange;
  switch (verb) {
    case "name": {
      if ((await membersOf(setId)).length === 0) throw new LexnavError("not_found", `no transaction set "${setId}"`);
      const name = (target ?? "").replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ").trim();
      if (name.length > MAX_SET_NAME)
        throw new LexnavError("invalid_argument", `a set's name is at most ${MAX_SET_NAME} characters`);
      // "" drops the given name: the set is called by its documents again
      await ctx.catalog.nameTransactionSet(setId, name === "" ? null : name, now);
      change = {
        setId,
        name: await setNameFor(ctx.catalog, setId, "operator"),
        documentIds: (await membersOf(setId)).map((d) => d.id),
      };
      break;
    }
    case "add":
    case "remove": {
      if (!target) throw new LexnavError("invalid_argument", `set ${verb} needs a set id and a document id`);
      const doc = await ctx.catalog.getDocument(target);
      if (doc?.lifecycle !== "indexed") throw new LexnavError("not_found", `no indexed document "${target}"`);
      const members = (await membersOf(setId)).filter((d) => d.id !== doc.id);
      if (verb === "add") {
        if (doc.transactionSetId === setId) throw new LexnavError("conflict", `${doc.id} is already in set "${setId}"`);
        // a new set may be started under a new id; an id that is a document's joins that document's set
        if (members.length === 0 && doc.id !== setId)
          throw new LexnavError("not_found", `no transaction set "${setId}"`);
        await refuseUnderControls(ctx, [setId, doc.transactionSetId]);
        if (!someReaderOfAll([...members, doc].map((d) => d.access)))
          throw new LexnavError(
            "permission_denied",
            `${doc.id} cannot join set "${setId}": no principal or group may read it and every document of the set`,
          );
      } else {
        if (doc.transactionSetId !== setId) throw new LexnavError("not_found", `${doc.id} is not in set "${setId}"`);
        await refuseUnderControls(ctx, [setId]);
      }
      const left = doc.transactionSetId;
      await ctx.catalog.transaction((tx) => tx.setTransactionSet(doc.id, verb === "add" ? setId : null, now));
      for (const id of new Set([setId, left])) if (id !== null) await relinkTransactionSet(ctx.catalog, id);
      // a document left on its own drops its links into the set it left
      if (verb === "remove") await relinkAlone(ctx, doc);
      change = {
        setId,
        name: await setNameFor(ctx.catalog, setId, "operator"),
        documentIds: (await membersOf(setId)).map((d) => d.id),
      };
      break;
    }
    default:
      throw new LexnavError("invalid_argument", `unknown set command "${verb ?? ""}": set name|add|remove`);
  }
  await recordAudit(ctx, actor, {
    action: `set ${verb}`,
    target: setId,
    ...(target && verb !== "name" ? { documentIds: [target] } : {}),
  });
  ctx.out(
    opts.json
      ? JSON.stringify(change, null, 2)
      : `set ${change.setId}${change.name ? ` "${change.name}"` : ""}: ${change.documentIds.length} document(s)${
          change.documentIds.length > 0 ? `\n  ${change.documentIds.join("\n  ")}` : ""
        }`,
  );
  return change;
}

async function refuseUnderControls(ctx: CliContext, setIds: ReadonlyArray<string | null>): Promise<void> {
  for (const id of setIds) {
    if (id === null) continue;
    if ((await ctx.catalog.listControls({ scope: "set", scopeId: id })).length > 0)
      throw new LexnavError(
        "conflict",
        `set "${id}" is under a wall, hold or external-model bar: lift its controls, regroup, then place them again`,
      );
  }
}

/** Recomputes the links of a document that left its set, as a set of its own for the moment. */
async function relinkAlone(ctx: CliContext, doc: DocumentRecord): Promise<void> {
  await ctx.catalog.transaction((tx) => tx.setTransactionSet(doc.id, doc.id, new Date().toISOString()));
  await relinkTransactionSet(ctx.catalog, doc.id);
  await ctx.catalog.transaction((tx) => tx.setTransactionSet(doc.id, null, new Date().toISOString()));
}
