import type { DocumentRecord, ProvisionNode, QualityReport } from "@lexnav/document-model";
import { inline } from "./terminal.ts";

const FLAG_NAMES: Array<[keyof ProvisionNode["flags"], string]> = [
  ["isDefinition", "def"],
  ["hasMoney", "$"],
  ["hasDate", "date"],
  ["hasPercentage", "%"],
  ["hasLiabilityLimit", "cap"],
  ["hasCondition", "cond"],
  ["hasParty", "party"],
  ["isTocEntry", "toc"],
];

export function flagList(node: ProvisionNode): string[] {
  return FLAG_NAMES.filter(([k]) => node.flags[k] === true).map(([, label]) => label);
}

function oneLine(s: string, max: number): string {
  const t = inline(s.replace(/\s+/g, " ").trim());
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The provision tree as an indented outline with flags and cross-reference counts. */
export function renderTree(nodes: ProvisionNode[], text: string, opts: { maxNodes?: number } = {}): string {
  const lines: string[] = [];
  const max = opts.maxNodes ?? Number.POSITIVE_INFINITY;
  for (const n of nodes) {
    if (n.kind === "document") continue;
    if (lines.length >= max) {
      lines.push(`  … ${nodes.length - 1 - max} more nodes (use --json for all)`);
      break;
    }
    const label =
      [n.clauseRef, n.title].filter(Boolean).join(" ") || `(${n.kind}) ${oneLine(text.slice(n.start, n.end), 50)}`;
    const flags = flagList(n);
    const xr = n.xrefs.length
      ? ` xrefs ${n.xrefs.filter((x) => x.status === "resolved").length}/${n.xrefs.length}`
      : "";
    lines.push(
      `${"  ".repeat(Math.max(0, n.depth - 1))}${oneLine(label, 70)}  [${n.start}-${n.end}]${flags.length ? ` {${flags.join(",")}}` : ""}${xr}`,
    );
  }
  return lines.join("\n");
}

export function renderQuality(q: QualityReport): string {
  const head = `quality: ${q.status} (${q.pageCount} page(s), ${q.charCount} chars)`;
  return [head, ...q.issues.map((i) => `  - ${i.severity} ${i.code}: ${i.message}`)].join("\n");
}

/**
 * A document as `list` shows it: id, lifecycle, role, date and title (or why it failed), then on a line
 * of its own the file it came from, the transaction set it is filed in (by `setName` when it has one)
 * and who may read it. Only readers of the document are shown it, so its file name may be.
 */
export function renderDocumentLine(d: DocumentRecord, setName?: (setId: string) => string | null): string {
  const what = d.lifecycle === "failed" ? `FAILED ${d.failure?.code}: ${d.failure?.reason}` : (d.title ?? "(untitled)");
  const set = d.transactionSetId
    ? (() => {
        const name = setName?.(d.transactionSetId);
        return name ? `${oneLine(name, 100)} (${d.transactionSetId})` : d.transactionSetId;
      })()
    : "none";
  return [
    `${d.id}  ${d.lifecycle.padEnd(8)} ${d.role.padEnd(16)} ${d.effectiveDate ?? "          "}  ${oneLine(what, 90)}${controlNotes(d)}`,
    `    file ${oneLine(d.fileName, 80)} · set ${set} · access ${accessLine(d)}${pendingNote(d)}`,
  ].join("\n");
}

/** A version ingested for the indexing stages and not yet acknowledged by every store (shared catalog). */
function pendingNote(d: DocumentRecord): string {
  if (!d.pendingVersion) return "";
  const v = d.pendingVersion.slice(0, 12);
  return d.currentVersion
    ? ` · version ${v} waiting for the stores (the previous one answers)`
    : ` · not searchable yet: version ${v} waiting for the stores`;
}

/** Who may read a document: its principals and groups (`group:` before a group), "nobody" when none. */
function accessLine(d: DocumentRecord): string {
  const readers = [...d.access.principals, ...d.access.groups.map((g) => `group:${g}`)].map((r) => inline(r));
  return readers.length > 0 ? readers.join(", ") : "nobody";
}

/** The law-firm controls on a document, as `list` shows them: walls, legal hold, the external-model bar. */
function controlNotes(d: DocumentRecord): string {
  const deny = d.access.deny;
  const walled = deny ? [...deny.principals, ...deny.groups.map((g) => `group:${g}`)] : [];
  const notes = [
    ...(walled.length > 0 ? [`walled: ${walled.join(", ")}`] : []),
    ...(d.legalHold ? [`legal hold since ${d.legalHold.since.slice(0, 10)}`] : []),
    ...(d.noExternalModel ? ["no external model"] : []),
  ];
  return notes.length > 0 ? `  [${notes.join("; ")}]` : "";
}
