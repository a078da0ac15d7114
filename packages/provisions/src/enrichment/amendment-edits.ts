import { phrasePattern } from "@lexnav/core";
import { citeableClause, type ProvisionNode } from "@lexnav/document-model";
import { createNodeLookup } from "./cross-references.ts";
import { attachmentLabel, normaliseArticleRef, normaliseSectionRef } from "./reference-keys.ts";
import { memberNamed, type TransactionMember } from "./transaction-set.ts";

/**
 * What an operative clause does to the provision it targets:
 * - `replace`: the provision is deleted and replaced, or amended and restated, or amended "to read";
 * - `amend`: changed in part ("amended by deleting … and inserting …", "amended so that …"); the
 *   text in force is the target read together with the amending clause;
 * - `insert`: a new provision is added;
 * - `delete`: the provision is deleted without a replacement.
 */
export type AmendmentEditKind = "replace" | "amend" | "insert" | "delete";

/** The provision an operative clause names, as printed and as a resolution key. */
export interface EditTarget {
  /** "Section 2(c)", "Schedule C-1", or the defined term for a definition. */
  ref: string;
  /** Resolution key as in cross-references ("section:2(c)", "schedule:c-1"); null for a definition. */
  key: string | null;
  /** The defined term, when the clause amends a definition. */
  term: string | null;
  /** The instrument the clause names ("Agreement", "Credit Agreement"), or null when it names none. */
  instrument: string | null;
  /**
   * For a definition, the key of the provision the clause says holds it ("in Section 1.1": "section:1.1"),
   * or null when it names none. The edit still targets the definition only, never that whole provision.
   */
  within?: string | null;
}

/** An operative clause found in an amendment's text, before its target is resolved. */
export interface OperativeClause {
  kind: AmendmentEditKind;
  target: EditTarget;
  /** The operative words, from the first word of the clause to the verb ("Section 4 … is deleted and replaced by"). */
  start: number;
  end: number;
  /**
   * The new text the clause brings, without its quotation marks: for replace and insert, and for a
   * partial amendment that quotes the words it changes ("previously read: "…" now reads: "…""); else null.
   */
  newText: { start: number; end: number } | null;
  /** For a partial amendment: the quoted words it says the provision read before; else null. */
  oldText: { start: number; end: number } | null;
}

/** One edit of a provision of one document of a transaction set by an amendment of that set. */
export interface AmendmentEdit extends OperativeClause {
  amendmentDocumentId: string;
  /** The amendment's own provision that holds the clause, and how it is cited ("Section 1", "(b)"). */
  amendmentNodeId: string | null;
  amendmentClauseRef: string | null;
  /** The amended document, within the amendment's set only; null when no member is the named instrument. */
  targetDocumentId: string | null;
  /** The provision targeted in that document; null when not found there (a new provision, a missing schedule). */
  targetNodeId: string | null;
  /**
   * The span of the target document the edit changes, when it is narrower than the target provision: a
   * definition's own entry ("X" means … up to the next definition or the paragraph's end), which may sit
   * inline with other definitions in one provision. Null: the whole target provision.
   */
  targetSpan: { start: number; end: number } | null;
  /** The amendment's effective date (ISO), which orders the edits. */
  effectiveDate: string | null;
}

/**
 * Whitespace between the words of an operative clause. Every run is bounded and no two runs sit side by
 * side without a word or comma between them, so a regular expression tries a bounded number of ways at
 * each position and reading an amendment stays linear in its length, whatever its layout. A reference
 * printed further than this from its next word (a page break inside the clause) is not read.
 */
export const MAX_OPERATIVE_GAP = 40;
const GAP = `\\s{1,${MAX_OPERATIVE_GAP}}`;
const GAP0 = `\\s{0,${MAX_OPERATIVE_GAP}}`;
/** "[ ,] " between two words: an optional comma with its spaces, then spaces; one way to match each. */
const COMMA_GAP = `(?:${GAP0},)?${GAP}`;
const COMMA_GAP0 = `(?:${GAP0},)?${GAP0}`;
const ZONE_WORD = "Section|Sections|Article|Schedule|Exhibit|Annex|Appendix|Paragraph|Clause|Subsection";
const REF = `(?:${ZONE_WORD}|SECTION|ARTICLE|SCHEDULE|EXHIBIT|ANNEX)${GAP}[0-9A-Za-z](?:[0-9A-Za-z-]|\\.(?=[0-9A-Za-z]))*(?:${GAP0}\\([0-9A-Za-z]{1,6}\\))*`;
const INSTRUMENT = `(?:[A-Z][\\w&'-]*${GAP}){0,4}(?:Agreement|Contract|Indenture|Lease|License|Guaranty|Guarantee|Note|Plan)`;
const OF_INSTRUMENT = `(?:${COMMA_GAP}(?:of|to|in)${GAP}(?:the${GAP}|this${GAP})?(${INSTRUMENT}))?`;
/**
 * Lettered or numbered parts printed after a section number rather than in brackets ("Section 2. A. and B.",
 * "Section 2, Part B"): the clause changes those parts of the section, which is the provision it targets.
 */
const PARTS = `(?<parts>\\.${GAP}[A-Z]\\.(?:${GAP0}(?:,|and|or)${GAP0}[A-Z]\\.)*|,?${GAP}Parts?${GAP}[A-Z0-9]{1,3}\\b(?:${GAP0}(?:,|and|or)${GAP0}[A-Z0-9]{1,3}\\b)*)?`;
/** A heading printed after the reference ("Section 13 NOTICES") or named ("entitled “Term”"). */
const HEADING = `(?:,?${GAP}[A-Z][A-Z&,-]*(?:${GAP}[A-Z][A-Z&,-]*){0,5}(?=${GAP}(?:of|is|are|shall)\\b)|${COMMA_GAP}(?:entitled|captioned)${GAP}["“][^"”]{1,80}["”])?`;
const DEFINITION = `[Tt]he${GAP}definition${GAP}of${GAP}(?:the${GAP}term${GAP})?["“]([^"”]{1,80})["”](?:${GAP}(?:(?:contained|set${GAP}forth|appearing)${GAP})?in${GAP}(?<within>${REF}))?`;
const BE = `,?${GAP}(?:is|are|shall${GAP}be,?${GAP}and${GAP}hereby${GAP}is,?|shall${GAP}be|be|will${GAP}be)${GAP}(?:hereby${GAP})?(?:further${GAP})?`;
const ENTIRETY = `(?:in${GAP}(?:its|their)${GAP}entirety${GAP})?`;
/** "… and the following [new] [language|text|section] is inserted in lieu thereof / in its stead / in place thereof". */
const IN_STEAD = `and${GAP}(?:the${GAP}following|there${GAP}(?:is|shall${GAP}be))${GAP}(?:(?:new${GAP})?[a-z]+${GAP})?(?:(?:is|are|shall${GAP}be)${GAP}(?:hereby${GAP})?)?(?:inserted|substituted)(?:${GAP}(?:in${GAP}lieu${GAP}thereof|in${GAP}(?:its|their)${GAP}stead|in${GAP}place${GAP}thereof|therefor))?`;
const VERB = [
  `(?<replace>(?:deleted|removed|stricken|struck)${GAP}${ENTIRETY}(?:and${GAP}(?:replaced|substituted)${GAP}(?:by|with)|${IN_STEAD})|amended${GAP}and${GAP}restated|amended${GAP}${ENTIRETY}to${GAP}read|replaced${GAP}${ENTIRETY}(?:by|with)|restated${GAP}${ENTIRETY}(?:to${GAP}read|as${GAP}follows))`,
  `(?<delete>(?:deleted|removed|stricken|struck)\\b(?!${GAP}${ENTIRETY}(?:and${GAP}(?:replaced|substituted)|${IN_STEAD})))`,
  `(?<amend>amended\\b|modified\\b)`,
].join("|");

/** "<target> [of the Agreement] [heading] is hereby deleted and replaced by …" and the other passive forms. */
const PASSIVE = new RegExp(
  `(?<new>\\b(?:an?${GAP})?new${GAP}(?:(?:section|clause|paragraph|article|schedule|exhibit|subsection)${COMMA_GAP0})?)?(?:(?<ref>${REF})${PARTS}|${DEFINITION})${OF_INSTRUMENT}${HEADING}${BE}(?:(?<added>added|inserted)\\b|${VERB})`,
  "g",
);
/** "… agree to remove Section 2(c) in its entirety and replace it with …"; "… by adding a new Section 7.5 …". */
const ACTIVE = new RegExp(
  `\\b(?:(?<remove>remove|delete|strike)${GAP}(?<rref>${REF})${OF_INSTRUMENT}${GAP}${ENTIRETY}and${GAP}(?:replace|substitute)${GAP}(?:it|them|the${GAP}same)${GAP}(?:with|by)|(?:add|insert)(?:ing)?${GAP}(?:to${GAP}(?:the${GAP})?(?:${INSTRUMENT}|Agreement)${GAP})?(?:thereto${GAP})?(?:the${GAP}following${GAP})?(?:a${GAP})?new${GAP}(?<iref>${REF})${OF_INSTRUMENT})`,
  "g",
);
/** Words between the operative verb and the new text. */
const LEAD_IN =
  /^\s*(?:in\s+(?:its|their)\s+entirety\s+)?(?:to\s+(?:the\s+|this\s+)?(?:[A-Z][\w&'-]*\s+){0,4}(?:Agreement|Contract|Lease|License|Plan)\s+)?(?:as\s+set\s+forth\s+below|as\s+follows|to\s+read(?:\s+as\s+follows)?|(?:with\s+|by\s+)?the\s+following(?:\s+(?:new\s+)?\w+)?|in\s+the\s+form\s+\w+\s+\w+)?\s*[:.]?\s*/i;
/** A paragraph that ends the new text: the amendment's next numbered item or its closing words. */
const PARAGRAPH_END =
  /\n[^\S\n]*\n\s{0,200}(?=\d{1,2}\.\s|(?:Except\s+as|IN\s+WITNESS|Except\s+as\s+expressly|This\s+Amendment|All\s+other\s+terms)\b)/;

function targetKey(ref: string): string | null {
  const m = /^(\S+)\s+(.+)$/.exec(ref.trim());
  if (!m) return null;
  const word = (m[1] as string).toLowerCase();
  const label = (m[2] as string).replace(/\.$/, "");
  if (word === "article") {
    const n = normaliseArticleRef(label);
    return n === null ? null : `article:${n}`;
  }
  if (["schedule", "exhibit", "annex", "appendix"].includes(word)) return `${word}:${attachmentLabel(label)}`;
  const n = normaliseSectionRef(label);
  return n === null ? null : `section:${n}`;
}

/**
 * Reads the operative clauses of an amendment: the sentences that delete, replace, restate, amend or
 * add a named provision ("Section 4 is deleted and replaced by …", "the definition of “X” in Section 1.1
 * is amended to read …", "a new Section 7.5 is added …"). Only a clause that names its target and says
 * the target is changed counts: "as may be amended from time to time" or "this Agreement may not be
 * amended except in writing" name no provision and are not edits. Clauses are returned in text order;
 * new text runs to the next operative clause, the amendment's next numbered paragraph or its closing
 * words, and when quoted is taken inside the quotation marks.
 */
export function parseOperativeClauses(text: string): OperativeClause[] {
  const found: OperativeClause[] = [];
  /** Clauses that name parts of their target section ("Section 2. A. and B."). */
  const namedParts = new Set<OperativeClause>();
  for (const m of text.matchAll(PASSIVE)) {
    const g = m.groups ?? {};
    const start = m.index + (g.new !== undefined && /^\s/.test(m[0]) ? 1 : 0);
    const ref = g.ref;
    const defTerm = ref === undefined ? definitionTerm(m[0]) : null;
    const instrument = instrumentOf(m[0]);
    const kind: AmendmentEditKind =
      g.added !== undefined || g.new !== undefined
        ? "insert"
        : g.replace !== undefined
          ? "replace"
          : g.delete !== undefined
            ? "delete"
            : "amend";
    const target: EditTarget =
      ref !== undefined
        ? { ref: ref.replace(/\.$/, ""), key: targetKey(ref), term: null, instrument }
        : {
            ref: defTerm ?? "",
            key: null,
            term: defTerm,
            instrument,
            within: g.within !== undefined ? targetKey(g.within) : null,
          };
    const clause: OperativeClause = { kind, target, start, end: m.index + m[0].length, newText: null, oldText: null };
    if (g.parts !== undefined) namedParts.add(clause);
    found.push(clause);
  }
  for (const m of text.matchAll(ACTIVE)) {
    const g = m.groups ?? {};
    const ref = (g.rref ?? g.iref) as string;
    found.push({
      kind: g.rref !== undefined ? "replace" : "insert",
      target: { ref: ref.replace(/\.$/, ""), key: targetKey(ref), term: null, instrument: instrumentOf(m[0]) },
      start: m.index,
      end: m.index + m[0].length,
      newText: null,
      oldText: null,
    });
  }
  const partReplaced = new Set<OperativeClause>();
  for (const c of found) {
    // "The first sentence of Section 3.2 is deleted and replaced by …" changes part of the provision:
    // the rest stays in force, so the clause is a partial amendment, read together with the provision.
    const part = PART_OF.exec(text.slice(Math.max(0, c.start - 80), c.start));
    if (!part && !namedParts.has(c)) continue;
    if (part) c.start -= part[0].length;
    if (c.kind === "replace") partReplaced.add(c);
    if (c.kind === "replace" || c.kind === "delete") c.kind = "amend";
  }
  found.sort((a, b) => a.start - b.start);
  const clauses = found.filter((c, i) => i === 0 || c.start >= (found[i - 1] as OperativeClause).end);
  const firstNewline = text.indexOf("\n");
  return clauses.map((c, i) => {
    const next = clauses[i + 1];
    const bound = next ? paragraphStart(text, next.start, c.end, firstNewline) : text.length;
    if (c.kind === "amend") {
      const quoted = quotedChange(text, c.end, bound);
      if (quoted.newText !== null) return { ...c, ...quoted };
      // a part replaced by new words ("the last sentence of Section 4 is deleted and replaced by …")
      return partReplaced.has(c) ? { ...c, newText: newTextSpan(text, c.end, bound) } : c;
    }
    if (c.kind !== "replace" && c.kind !== "insert") return c;
    return { ...c, newText: newTextSpan(text, c.end, bound) };
  });
}

/** The part of a provision a clause names before the provision: "the first sentence of", "the second paragraph of". */
const PART_OF =
  /\b(?:the\s+)?(?:first|second|third|fourth|fifth|last|final|penultimate|introductory|opening|lead-in)\s+(?:sentence|paragraph|proviso|clause)\s+(?:of|in)\s+$/i;

/**
 * "by deleting [the words] "A" [therein] and inserting [in lieu thereof] "B"", "by replacing "A" with "B"",
 * "by deleting "A" and substituting "B" therefor": the quoted old and new words. `d` for their spans.
 */
const DELETE_INSERT =
  /\bby\s+(?:deleting|striking|replacing)\s+(?:(?:the\s+)?(?:words?|phrases?|text|figures?|numbers?|dates?|reference\s+to)\s+)?["“]([^"”]{1,400})["”](?:\s{0,40},)?\s{1,40}(?:(?:therein|where(?:ver)?\s+(?:it|they)\s+appears?)(?:\s{0,40},)?\s{1,40})?(?:and\s+(?:inserting|substituting|replacing\s+(?:it|them|the\s+same)\s+with)|with)\s+(?:(?:in\s+(?:lieu|place)\s+thereof|therefor)(?:\s{0,40},)?\s{1,40})?(?:(?:the\s+)?(?:words?|phrases?|text|figures?|numbers?|dates?)\s+)?["“]([^"”]{0,400})["”]/di;

/**
 * How far after its verb a clause's quoted change is looked for: the words follow the verb in the same
 * sentence, and no amending sentence runs this long.
 */
export const MAX_OPERATIVE_SENTENCE = 2000;
/** How far after the verb the words that lead in to the new text are looked for. */
const MAX_LEAD_IN = 400;

const PREVIOUSLY = /\b(?:previously|formerly|currently)\s+read[s]?\s*:?\s*/i;
const NOW_READS = /\b(?:(?:it|which)\s+)?(?:now|shall\s+now|shall\s+hereafter)\s+reads?\s*:?\s*/i;

/**
 * A partial amendment that quotes both the words it changes and their replacement ("… that previously
 * read: "A" … now reads: "B""): the spans inside the outer quotation marks of A and B. Nothing when
 * either is missing or unquoted.
 */
function quotedChange(
  text: string,
  from: number,
  bound: number,
): { oldText: { start: number; end: number } | null; newText: { start: number; end: number } | null } {
  const none = { oldText: null, newText: null };
  const region = text.slice(from, bound);
  // read in the clause's own sentence, and a sentence longer than any amending one is not read
  const swap = DELETE_INSERT.exec(region.slice(0, MAX_OPERATIVE_SENTENCE));
  // the words must follow the verb directly ("is amended by deleting …"), not in a later sentence
  if (swap?.indices?.[1] && swap.indices[2] && !/[.;]\s/.test(region.slice(0, swap.index))) {
    const [a, b] = swap.indices[1];
    const [c, d] = swap.indices[2];
    return { oldText: { start: from + a, end: from + b }, newText: { start: from + c, end: from + d } };
  }
  const prev = PREVIOUSLY.exec(region);
  if (!prev) return none;
  const afterPrev = prev.index + prev[0].length;
  const now = NOW_READS.exec(region.slice(afterPrev));
  if (!now) return none;
  const nowAt = afterPrev + now.index;
  const quoted = (a: number, b: number) => {
    const open = region.slice(a, b).search(/["“]/);
    if (open === -1 || region.slice(a, a + open).trim() !== "") return null;
    const inner = region.slice(a + open + 1, b);
    const close = Math.max(inner.lastIndexOf('"'), inner.lastIndexOf("”"));
    if (close <= 0) return null;
    return { start: from + a + open + 1, end: from + a + open + 1 + close };
  };
  const oldText = quoted(afterPrev, nowAt);
  const newText = quoted(nowAt + now[0].length, region.length);
  return oldText && newText ? { oldText, newText } : none;
}

function definitionTerm(matched: string): string | null {
  return /definition\s+of\s+(?:the\s+term\s+)?["“]([^"”]{1,80})["”]/.exec(matched)?.[1] ?? null;
}

function instrumentOf(matched: string): string | null {
  const m = new RegExp(`(?:of|to|in)\\s+(?:the\\s+|this\\s+)?(${INSTRUMENT})`).exec(matched);
  return m ? (m[1] as string).trim() : null;
}

/**
 * Where the line holding `at` starts, so a next clause's item label ("b.") is not taken as new text; no
 * earlier than `floor` (the end of the clause before), so each stretch of text is looked at once.
 */
function paragraphStart(text: string, at: number, floor: number, firstNewline: number): number {
  if (firstNewline === -1 || firstNewline > at) return at;
  for (let i = Math.min(at, text.length - 1); i >= floor; i--) if (text[i] === "\n") return i + 1;
  return floor;
}

function newTextSpan(text: string, from: number, bound: number): { start: number; end: number } | null {
  const lead = LEAD_IN.exec(text.slice(from, Math.min(bound, from + MAX_LEAD_IN)));
  let start = from + (lead?.[0].length ?? 0);
  const rest = text.slice(start, bound);
  const stop = PARAGRAPH_END.exec(rest);
  let end = start + (stop ? stop.index : rest.length);
  if (/["“]/.test(text[start] ?? "")) {
    const region = text.slice(start + 1, end);
    const close = Math.max(region.lastIndexOf('"'), region.lastIndexOf("”"));
    if (close > 0) {
      end = start + 1 + close;
      start += 1;
    }
  }
  while (end > start && /\s/.test(text[end - 1] as string)) end--;
  return end > start ? { start, end } : null;
}

/**
 * The edits the amendments of one transaction set make to its other documents, ordered by effective
 * date, then amendment, then position in the amendment. Each clause's target document is the member
 * its words name ("of the Credit Agreement"), else the instrument the amendment says it amends, and is
 * looked for in the set only; the target provision is the node of that document with the clause's
 * key (exact, no fallback to an enclosing clause), or the definition of the term. An edit whose target
 * document is not in the set is kept with `targetDocumentId` null, so it is not applied to a stranger.
 */
export function amendmentEdits(members: readonly TransactionMember[]): AmendmentEdit[] {
  const edits: AmendmentEdit[] = [];
  const amendments = members.filter((m) => m.profile.role === "amendment" || m.profile.role === "restatement");
  for (const amendment of amendments) {
    const others = members.filter((m) => m.documentId !== amendment.documentId);
    const clauses = parseOperativeClauses(amendment.text);
    for (const clause of clauses) {
      const target = memberNamed(
        clause.target.instrument ?? amendment.profile.amendedShortName ?? "Agreement",
        amendment,
        others,
      );
      const own = innermost(amendment.structure.nodes, clause.start);
      const resolved = target ? resolveTarget(target, clause.target) : null;
      edits.push({
        ...clause,
        amendmentDocumentId: amendment.documentId,
        amendmentNodeId: own?.id ?? null,
        amendmentClauseRef: own ? citeableClause(own) : null,
        targetDocumentId: target?.documentId ?? null,
        targetNodeId: resolved?.node.id ?? null,
        targetSpan: resolved?.span ?? null,
        effectiveDate: amendment.effectiveDate,
      });
    }
  }
  const order = new Map(members.map((m, i) => [m.documentId, i]));
  return edits.sort(
    (a, b) =>
      (a.effectiveDate ?? "9999").localeCompare(b.effectiveDate ?? "9999") ||
      (order.get(a.amendmentDocumentId) ?? 0) - (order.get(b.amendmentDocumentId) ?? 0) ||
      a.start - b.start,
  );
}

function innermost(nodes: readonly ProvisionNode[], at: number): ProvisionNode | null {
  let best: ProvisionNode | null = null;
  for (const n of nodes) {
    if (n.parentId === null || n.start > at || n.end <= at) continue;
    if (best === null || n.depth > best.depth) best = n;
  }
  return best;
}

/**
 * The provision an edit targets in `member`, and for a definition the span of its own entry. A
 * definition is found by its defining words ("“X” means", "“X” shall have the meaning") inside the
 * provision the parser credits with it, else inside the provision the clause names ("in Section 1.1"),
 * else anywhere in the document; the provision is then the innermost one holding those words. A
 * provision the parser credits with this term alone, holding no other definition, is the definition
 * whole (its clauses included). A definition not found is not targeted: nothing is superseded by guess.
 */
function resolveTarget(
  member: TransactionMember,
  target: EditTarget,
): { node: ProvisionNode; span: { start: number; end: number } | null } | null {
  const lookup = () => createNodeLookup(member.structure.nodes, false, false);
  if (target.term === null) {
    const node = target.key === null ? null : lookup().exact(target.key, null);
    return node ? { node, span: null } : null;
  }
  const term = target.term.toLowerCase();
  const credited = member.structure.definitions
    .filter((d) => d.term.toLowerCase() === term)
    .map((d) => member.structure.nodes.find((n) => n.id === d.nodeId))
    .filter((n): n is ProvisionNode => n !== undefined);
  // a provision that defines this term alone is the definition, with any clauses of its own
  for (const node of credited) {
    const defining = member.text.slice(node.start, node.end).match(NEXT_DEFINITION)?.length ?? 0;
    if (node.definesTerms.length <= 1 && defining <= 1) return { node, span: null };
  }
  const within = target.within ? lookup().exact(target.within, null) : null;
  const root = member.structure.nodes.find((n) => n.parentId === null) ?? null;
  const scopes = [...credited, ...(within ? [within] : []), ...(root ? [root] : [])];
  for (const scope of scopes) {
    const span = definitionEntry(member.text, target.term, scope.start, scope.end);
    if (span === null) continue;
    const node = innermostHolding(member.structure.nodes, span) ?? scope;
    // an entry that is its provision's whole text is that provision
    const whole = member.text.slice(node.start, node.end).trim() === member.text.slice(span.start, span.end);
    return { node, span: whole ? null : span };
  }
  return null;
}

/** The words that make a quoted term a definition: “X” means / shall mean / has (shall have) the meaning / includes. */
const DEFINING_WORDS = String.raw`\s{0,40}(?:,[^,\n]{0,80},\s{0,40})?(?:shall\s{1,40}mean|means|has\s{1,40}the\s{1,40}meaning|shall\s{1,40}have\s{1,40}the\s{1,40}meaning|includes|shall\s{1,40}include)\b`;
const NEXT_DEFINITION = new RegExp(String.raw`["“][^"”\n]{1,80}["”]${DEFINING_WORDS}`, "g");

/**
 * The entry of `term`'s definition in text[from, to): from the quotation mark opening the term in its
 * defining words to the next definition's opening, the paragraph's end or `to`, whichever comes first
 * (whitespace trimmed); null when the term has no defining words there.
 */
function definitionEntry(text: string, term: string, from: number, to: number): { start: number; end: number } | null {
  const head = new RegExp(`["“]${phrasePattern(term)}["”]${DEFINING_WORDS}`, "i");
  const region = text.slice(from, to);
  const m = head.exec(region);
  if (!m) return null;
  const start = from + m.index;
  let end = to;
  const paragraph = /\n[^\S\n]*\n/.exec(text.slice(start + m[0].length, to));
  if (paragraph) end = start + m[0].length + paragraph.index;
  NEXT_DEFINITION.lastIndex = start + m[0].length;
  const next = NEXT_DEFINITION.exec(text);
  if (next && next.index < end) end = next.index;
  while (end > start && /\s/.test(text[end - 1] as string)) end--;
  return end > start ? { start, end } : null;
}

function innermostHolding(nodes: readonly ProvisionNode[], span: { start: number; end: number }): ProvisionNode | null {
  let best: ProvisionNode | null = null;
  for (const n of nodes) {
    if (n.start > span.start || n.end < span.end) continue;
    if (best === null || n.depth > best.depth) best = n;
  }
  return best;
}

/** The text of one provision in force on a date, and the edits that made it so. */
export interface ProvisionInForce {
  targetDocumentId: string;
  /** The provision as first written, when the target document has it (null for one an amendment added). */
  targetNodeId: string | null;
  /** How the edits name it ("Section 2(c)", or the defined term). */
  ref: string;
  /** The edits in force on the date, oldest first: the chain from the original text to the text in force. */
  chain: AmendmentEdit[];
  /**
   * Where the text in force is: the latest replacement or insertion's new text, else the original
   * provision; null when the latest whole edit deleted it. Later partial amendments (`amend`) are read
   * together with it: they are in `chain` after the edit that gave this text.
   */
  current: { documentId: string; start: number; end: number } | null;
  /** True when the original provision's text is no longer in force (replaced or deleted). */
  originalSuperseded: boolean;
  /**
   * The text in force: that of `current`, with each later partial amendment applied whose quoted old
   * words appear in it exactly (spacing aside); null when deleted or unknown.
   */
  text: string | null;
  /** Partial amendments in the chain that could not be applied to `text`: read together with it. */
  unapplied: AmendmentEdit[];
}

/**
 * Applies the edits in force on `asOf` (ISO yyyy-mm-dd; an edit whose amendment has no known date
 * counts as in force, since the text says it amends) to the provisions they target, one entry per
 * targeted provision of a document of the set, in the order first edited. Edits without a target
 * document are left out: nothing outside the set is changed. `nodeSpan` gives the original
 * provision's span when it exists, `textOf` a document's text.
 */
export function provisionsInForce(
  edits: readonly AmendmentEdit[],
  asOf: string,
  nodeSpan: (documentId: string, nodeId: string) => { start: number; end: number } | null,
  textOf: (documentId: string) => string | null,
): ProvisionInForce[] {
  const slice = (span: { documentId: string; start: number; end: number } | null) =>
    span ? (textOf(span.documentId)?.slice(span.start, span.end) ?? null) : null;
  const byTarget = new Map<string, ProvisionInForce>();
  for (const edit of edits) {
    if (edit.targetDocumentId === null) continue;
    if (edit.effectiveDate !== null && edit.effectiveDate > asOf) continue;
    const id = `${edit.targetDocumentId}|${edit.target.key ?? `term:${edit.target.term ?? edit.target.ref}`}`;
    let entry = byTarget.get(id);
    if (!entry) {
      const span = edit.targetSpan ?? (edit.targetNodeId ? nodeSpan(edit.targetDocumentId, edit.targetNodeId) : null);
      entry = {
        targetDocumentId: edit.targetDocumentId,
        targetNodeId: edit.targetNodeId,
        ref: edit.target.ref,
        chain: [],
        current: span ? { documentId: edit.targetDocumentId, ...span } : null,
        originalSuperseded: false,
        text: null,
        unapplied: [],
      };
      entry.text = slice(entry.current);
      byTarget.set(id, entry);
    }
    entry.chain.push(edit);
    if (edit.kind === "replace" || edit.kind === "insert") {
      entry.current = edit.newText ? { documentId: edit.amendmentDocumentId, ...edit.newText } : null;
      entry.originalSuperseded = entry.targetNodeId !== null;
      entry.text = slice(entry.current);
      entry.unapplied = [];
    } else if (edit.kind === "delete") {
      entry.current = null;
      entry.originalSuperseded = entry.targetNodeId !== null;
      entry.text = null;
      entry.unapplied = [];
    } else {
      const applied = applyChange(entry.text, edit, textOf(edit.amendmentDocumentId));
      if (applied === null) entry.unapplied.push(edit);
      else {
        entry.text = applied;
        entry.originalSuperseded = entry.targetNodeId !== null;
      }
    }
  }
  return [...byTarget.values()];
}

/**
 * `text` with a partial amendment's quoted old words replaced by its quoted new words, when the old
 * words appear in it exactly once (spacing aside); null otherwise: a quotation that does not match the
 * text is not applied by guess.
 */
function applyChange(text: string | null, edit: AmendmentEdit, amendmentText: string | null): string | null {
  if (text === null || amendmentText === null || !edit.oldText || !edit.newText) return null;
  const flat = (s: string) => s.replace(/\s+/g, " ").trim();
  const before = flat(amendmentText.slice(edit.oldText.start, edit.oldText.end));
  const after = flat(amendmentText.slice(edit.newText.start, edit.newText.end));
  const current = flat(text);
  const at = current.indexOf(before);
  if (before.length === 0 || at === -1 || current.indexOf(before, at + 1) !== -1) return null;
  return current.slice(0, at) + after + current.slice(at + before.length);
}
