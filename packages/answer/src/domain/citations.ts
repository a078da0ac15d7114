import { clauseZone } from "@lexnav/document-model";
import { modelInstructions } from "@lexnav/retrieval";
import { type AnswerClaim, type Citation, clauseKey, type EvidenceItem } from "./evidence.ts";

/** The one sentence lexnav says when the documents do not answer; prompts and answerers share it. */
export const SILENCE_SENTENCE = "The documents provided do not answer this question.";

/** Reads the stored text of a document version (null when it is gone). */
export type SourceText = (documentId: string, version: string) => string | null;

export type CitationCheck = { ok: true } | { ok: false; reason: string };

/**
 * A citation resolves when its span lies inside an item of the extract (same document and version),
 * its quote is exactly the stored text of that span, and the span holds no instruction aimed at an AI
 * (`modelInstructions`): such a sentence says what someone wanted an AI to answer, not what the
 * document provides, so it never supports an answer.
 */
export function verifyCitation(c: Citation, extract: readonly EvidenceItem[], source: SourceText): CitationCheck {
  if (!(c.start >= 0 && c.end > c.start)) return { ok: false, reason: `empty or inverted span [${c.start}, ${c.end})` };
  const inside = extract.some(
    (e) => e.documentId === c.documentId && e.version === c.version && e.start <= c.start && c.end <= e.end,
  );
  if (!inside)
    return { ok: false, reason: `span ${c.documentId}@${c.version}[${c.start}, ${c.end}) was not in the extract` };
  const text = source(c.documentId, c.version);
  if (text === null) return { ok: false, reason: `document ${c.documentId}@${c.version} is no longer stored` };
  if (text.slice(c.start, c.end) !== c.quote) return { ok: false, reason: "the quote does not match the stored text" };
  if (modelInstructions(text, c.start, c.end).length > 0)
    return { ok: false, reason: "the quote holds an instruction aimed at an AI, which is not evidence" };
  return { ok: true };
}

export interface VerifiedAnswer {
  /** Claims with at least one resolving citation (only those citations kept). */
  supported: AnswerClaim[];
  /** Claims none of whose citations resolved, with the reasons: flagged, never shown as supported. */
  unsupported: Array<{ claim: AnswerClaim; reasons: string[] }>;
  /** Citations dropped from supported claims. */
  droppedCitations: number;
}

/** Checks every citation of every claim; an answer is as good as the claims it can prove. */
export function verifyClaims(
  claims: readonly AnswerClaim[],
  extract: readonly EvidenceItem[],
  source: SourceText,
): VerifiedAnswer {
  const supported: AnswerClaim[] = [];
  const unsupported: VerifiedAnswer["unsupported"] = [];
  let droppedCitations = 0;
  for (const claim of claims) {
    const good: Citation[] = [];
    const reasons: string[] = [];
    for (const c of claim.citations) {
      const r = verifyCitation(c, extract, source);
      if (r.ok) good.push(c);
      else reasons.push(r.reason);
    }
    if (good.length > 0) {
      supported.push({ text: claim.text, citations: good });
      droppedCitations += claim.citations.length - good.length;
    } else unsupported.push({ claim, reasons: reasons.length ? reasons : ["no citation"] });
  }
  return { supported, unsupported, droppedCitations };
}

/** An answer abstains when it says the silence sentence, or when none of its claims has verified support. */
export function shouldAbstain(text: string, verified: VerifiedAnswer): { abstain: boolean; reason: string | null } {
  if (text.includes(SILENCE_SENTENCE)) return { abstain: true, reason: "the documents do not answer the question" };
  if (verified.supported.length === 0)
    return {
      abstain: true,
      reason:
        verified.unsupported.length > 0
          ? "no statement of the answer could be verified against the extract"
          : "the answer cited nothing",
    };
  return { abstain: false, reason: null };
}

const CITATION =
  /\[([^\]\n]{1,200})\](?:[ \t]+((?:(?:Exhibit|Schedule|Annex|Appendix)\s+[0-9A-Za-z.-]+,\s*)?(?:(?:Section|Clause|Article|Schedule|Exhibit|Annex|Paragraph)\s+)?[0-9A-Za-z][0-9A-Za-z.()-]*))?(?:[ \t]*[:,]?[ \t]*(?:"|“)([^"”\n]{1,4000})(?:"|”))?/g;

/**
 * Reads `[doc] Clause X "exact quote"` citations out of a model's answer, one claim per line or
 * sentence group, and resolves each against the extract: the quote is looked up inside the items of
 * that document and clause; without a quote the citation covers the whole item. What does not
 * resolve is kept as an unresolvable citation (start = end = -1) so the verifier flags it.
 */
export function parseCitedText(text: string, extract: readonly EvidenceItem[]): AnswerClaim[] {
  const claims: AnswerClaim[] = [];
  for (const raw of text.split(/\n+/)) {
    const line = raw.trim();
    if (line === "" || line === SILENCE_SENTENCE) continue;
    const citations: Citation[] = [];
    for (const m of line.matchAll(CITATION)) {
      const label = (m[1] as string).trim();
      const clause = m[2]?.trim() ?? null;
      const quote = m[3] ?? null;
      citations.push(resolveCitation(label, clause, quote, extract));
    }
    claims.push({ text: line, citations });
  }
  return claims;
}

function resolveCitation(
  label: string,
  clause: string | null,
  quote: string | null,
  extract: readonly EvidenceItem[],
): Citation {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
  const ofDoc = extract.filter((e) => norm(e.docLabel) === norm(label) || e.id === label);
  const wantClause = clause ? clauseKeyLoose(clause) : "";
  // "Exhibit A, Section 2.1" is the exhibit's Section 2.1, not the body's; "Section 2.1" may be either.
  const wantZone = clause ? clauseZone(clause).zone : "";
  const candidates = wantClause
    ? ofDoc.filter(
        (e) =>
          clauseKeyLoose(e.clauseRef ?? "") === wantClause &&
          (wantZone === "" || clauseZone(e.clauseRef ?? "").zone === wantZone),
      )
    : ofDoc;
  const pool = candidates.length > 0 ? candidates : ofDoc;
  const display = clause ? `[${label}] ${clause}` : `[${label}]`;
  for (const e of pool) {
    if (quote === null) {
      if (candidates.length === 0) continue;
      return {
        documentId: e.documentId,
        version: e.version,
        nodeId: e.nodeId,
        start: e.start,
        end: e.end,
        quote: e.text,
        display,
        ...(e.clauseRef ? { clauseRef: e.clauseRef } : {}),
      };
    }
    const at = e.text.indexOf(quote);
    if (at >= 0)
      return {
        documentId: e.documentId,
        version: e.version,
        nodeId: e.nodeId,
        start: e.start + at,
        end: e.start + at + quote.length,
        quote,
        display,
        ...(e.clauseRef ? { clauseRef: e.clauseRef } : {}),
      };
  }
  return {
    documentId: ofDoc[0]?.documentId ?? label,
    version: ofDoc[0]?.version ?? "",
    nodeId: "",
    start: -1,
    end: -1,
    quote: quote ?? "",
    display,
  };
}

/** `clauseKey`, and a model may cite "Schedule 2" or "Exhibit B" where the extract says "2" or "B". */
function clauseKeyLoose(ref: string): string {
  return clauseKey(ref).replace(/^(?:schedule|exhibit|annex)/, "");
}
