import { createIsolatedPreparer, type ProfileChange, type ProfileRereadReport, rereadProfiles } from "@lexnav/ingest";
import type { CliContext } from "../context.ts";
import { inline } from "../terminal.ts";
import { type ActorOptions, actorOf, recordAudit, requireOperator } from "./controls.ts";

/**
 * `lexnav index profiles`: reads every indexed document's title, role, effective date and parties
 * again from its stored text, as this version of lexnav reads them (`rereadProfiles`), and says what
 * changed, which sets were formed or linked again, and which documents the reader would group
 * otherwise (left for an operator). Operators only, audited: it files documents into sets, as
 * `lexnav set` does, and its report names every document.
 */
export async function indexProfilesCommand(
  ctx: CliContext,
  opts: ActorOptions & { json: boolean; dryRun?: boolean; onDocument?: () => void },
): Promise<ProfileRereadReport> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, "index profiles");
  const started = performance.now();
  // each stored text read in a worker under the per-file budget ingest has: one the reader runs away on is
  // reported as not read, with the budget it passed, and the rest are read
  const worker = createIsolatedPreparer();
  const report = await rereadProfiles(ctx.catalog, new Date().toISOString(), {
    ...(opts.onDocument ? { onDocument: opts.onDocument } : {}),
    dryRun: opts.dryRun === true,
    readProfile: (input) => worker.profile(input, ctx.config.limits),
  }).finally(() => worker.close());
  const seconds = (performance.now() - started) / 1000;
  await recordAudit(ctx, actor, {
    action: opts.dryRun === true ? "index profiles (dry run)" : "index profiles",
    documentIds: report.changed.map((c) => c.documentId),
  });
  ctx.out(
    opts.json
      ? JSON.stringify({ ...report, dryRun: opts.dryRun === true }, null, 2)
      : renderReread(report, seconds, opts.dryRun === true),
  );
  return report;
}

const quoted = (s: string | null) => (s === null ? "none" : `"${inline(s)}"`);

function changeLine(c: ProfileChange): string {
  const parts: string[] = [];
  if (c.title) parts.push(`title ${quoted(c.title.before)} → ${quoted(c.title.after)}`);
  if (c.role) parts.push(`role ${c.role.before} → ${c.role.after}`);
  if (c.effectiveDate) parts.push(`effective ${c.effectiveDate.before ?? "none"} → ${c.effectiveDate.after ?? "none"}`);
  if (c.facts) parts.push("parties or amended instrument");
  return `  ${inline(c.fileName)} (${c.documentId}): ${parts.join("; ")}`;
}

export function renderReread(r: ProfileRereadReport, seconds: number, dryRun = false): string {
  const lines = [
    `${dryRun ? "dry run, nothing written: " : ""}profiles read again by ${r.reader}: ${r.documents} documents, ${r.changed.length} changed, ${r.failed.length} could not be read${r.skipped ? `, ${r.skipped} ingested again meanwhile (kept)` : ""}${r.restamped ? `, ${r.restamped} read the same as by an older reader` : ""} (${seconds.toFixed(1)} s)`,
    ...r.changed.map(changeLine),
  ];
  for (const f of r.failed)
    lines.push(`  could not read ${inline(f.fileName)} (${f.documentId}), its profile kept: ${inline(f.reason)}`);
  for (const s of r.filed) lines.push(`filed into set ${s.id}: ${s.documentIds.join(", ")}`);
  if (r.relinked.length > 0) lines.push(`sets linked again: ${r.relinked.join(", ")}`);
  if (r.regroup.length > 0) {
    lines.push(
      `${r.regroup.length} documents the reader would now group otherwise (not applied: lexnav set add|remove <set-id> <doc-id>):`,
    );
    for (const g of r.regroup) {
      const what = [
        g.wouldJoin.length ? `with ${g.wouldJoin.join(", ")}` : "",
        g.wouldLeave.length ? `apart from ${g.wouldLeave.join(", ")}` : "",
      ].filter(Boolean);
      lines.push(`  ${inline(g.fileName)} (${g.documentId}, set ${g.setId ?? "none"}): ${what.join("; ")}`);
    }
  }
  return lines.join("\n");
}
