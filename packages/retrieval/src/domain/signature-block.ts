import type { ProvisionNode } from "@lexnav/document-model";

/**
 * The close of an instrument: its testimonium ("IN WITNESS WHEREOF, the parties have executed …") and
 * the signature blocks under it (a party's name, "By: ____", "Name:", "Title:", an address). It operates
 * nothing, yet it repeats the parties' names and the labels they sign under ("MAJORITY INVESTORS:",
 * "LENDERS:"), so a question that names a party or a defined role matches its short lines by words and
 * by meaning. Only a question about the close itself is answered from it: who signed or executed, in
 * what capacity, who the parties are, an address or where notices go.
 */

/** How deep a provision tree goes at most: bounds every walk up a tree read from a store. */
export const MAX_TREE_DEPTH = 64;

/** Text that is a signature page's own whatever the tree says: the testimonium, a signing line, a name over a title. */
const SIGNATURE_TEXT = /IN WITNESS WHEREOF|\bBy:\s*_{3,}|\bName:\s*.*\n\s*Title:/i;

/** Whether a text reads as a signature page (`SIGNATURE_TEXT`). */
export function isSignatureText(text: string): boolean {
  return SIGNATURE_TEXT.test(text);
}

/**
 * Whether a provision is the close of its instrument or lies inside it: it or an ancestor is the
 * `signature` node the tree opened at the testimonium. A table of signature blocks under it is one.
 */
export function inSignatureBlock(
  node: Pick<ProvisionNode, "kind" | "parentId">,
  parentOf: (id: string) => Pick<ProvisionNode, "kind" | "parentId"> | null | undefined,
): boolean {
  let n: Pick<ProvisionNode, "kind" | "parentId"> | null | undefined = node;
  for (let i = 0; n && i < MAX_TREE_DEPTH; i++) {
    if (n.kind === "signature") return true;
    n = n.parentId === null ? null : parentOf(n.parentId);
  }
  return false;
}

/**
 * A passage of the close: its provision lies in a signature block, or it opens with the close's own
 * text (a signature page the tree did not find). A passage that only runs on into the testimonium
 * states the provision before it first: a contract filed as one paragraph ends its last clause and
 * opens "IN WITNESS WHEREOF" in one window.
 */
export function isClosePassage(
  node: Pick<ProvisionNode, "kind" | "parentId">,
  body: string,
  parentOf: (id: string) => Pick<ProvisionNode, "kind" | "parentId"> | null | undefined,
): boolean {
  return inSignatureBlock(node, parentOf) || opensWithSignature(body);
}

/**
 * Whether a text opens with a signature page's own text (`SIGNATURE_TEXT`), not only runs on into it.
 * `leadWords` lets that many words come first: a party's name or a label it signs under ("ACME CORP.",
 * "LENDERS:") over its "By: ____"; a clause before the testimonium has more.
 */
export function opensWithSignature(text: string, leadWords = 0): boolean {
  const mark = SIGNATURE_TEXT.exec(text);
  if (mark === null) return false;
  const lead = text.slice(0, mark.index).trim();
  return lead === "" || (leadWords > 0 && lead.split(/\s+/).length <= leadWords);
}

// Signing and its forms: "signed", "signatory", "countersigned", "executed", "execution", "witnessed";
// and the capacity a party signs in: "in what role", "in which capacity", "on behalf of".
const SIGNING =
  /\b(?:counter)?sign(?:s|ed|ing|ature|atures|atory|atories|er|ers)?\b|\bexecut(?:e|es|ed|ing|ion)\b|\bwitness|\b(?:what|which)\s+(?:role|capacity)\b|\bon\s+behalf\s+of\b/i;
// Who the parties are: "who are the parties", "the parties to the lease", "between whom", "who entered into".
const PARTIES =
  /\bwho\s+(?:are|were|is)\s+(?:the\s+)?(?:parties|party)\b|\bparties\s+(?:to|of)\s+(?:the|this|that|each|an?)\b|\bbetween\s+whom\b|\bwho\s+(?:entered|is\s+a\s+party|are\s+party)\b/i;
// An address as a thing asked for, not "does the agreement address …": after a possessive or a
// determiner, or followed by "of" / "for".
const ADDRESS =
  /(?:['’]s|\b(?:the|an|its|their|whose|what|which|mailing|notice|registered|business|e-?mail|billing))\s+address(?:es)?\b|\baddress(?:es)?\s+(?:of|for)\b/i;
// Where notices go: "where do notices to X go", "notices … be sent", "send notice to".
const NOTICES =
  /\bwhere\b[^?]{0,80}\bnotices?\b|\bnotices?\b[^?]{0,40}\b(?:sent|delivered|mailed|addressed)\b|\b(?:send|deliver|mail)\w*\s+(?:a\s+|any\s+|all\s+)?notices?\b|\bnotices\s+to\b|\bcontact\s+(?:details|information|person)\b/i;

/**
 * Whether a question asks about the close of an instrument: signing or execution, the signatories and
 * their capacity, who the parties are, an address or where notices are sent. Read from the asking part
 * only: a question that first names its instrument by its parties ("Under the agreement between X and
 * Y, …") names parties, it does not ask who they are.
 */
export function asksOfClose(ask: string): boolean {
  return SIGNING.test(ask) || PARTIES.test(ask) || ADDRESS.test(ask) || NOTICES.test(ask);
}

/**
 * Where an instrument's close begins: its testimonium, an "AGREED:" or "ACCEPTED AND AGREED" line, a
 * conformed signature ("/s/"), or a signing line. A form agreement names a party only here: "the
 * Participant identified below" is named under "PARTICIPANT:" on the signature page.
 */
const CLOSE_MARK =
  /IN WITNESS WHEREOF|\b(?:ACCEPTED\s+AND\s+)?AGREED(?:\s+(?:AND|&)\s+ACCEPTED)?(?:\s+TO)?(?:\s+BY)?\s*:|\/s\/|\bBy:\s*_{3,}/i;

/** Characters of the close read for names, from its first mark. */
export const CLOSE_NAME_CHARS = 1200;

/** The labels a signature page prints beside names (they name no one). */
const CLOSE_LABELS = new Set([
  "by",
  "name",
  "names",
  "title",
  "titles",
  "its",
  "date",
  "dated",
  "signature",
  "signed",
  "printed",
  "print",
  "authorized",
  "representative",
  "address",
  "attn",
  "attention",
  "agreed",
  "accepted",
  "and",
  "the",
  "of",
  "in",
  "witness",
  "whereof",
  "tel",
  "fax",
  "no",
  "email",
  "e-mail",
  "page",
  // the offices signatories sign in (a role, not a name)
  "president",
  "vice",
  "chief",
  "executive",
  "financial",
  "operating",
  "officer",
  "director",
  "managing",
  "manager",
  "secretary",
  "treasurer",
  "general",
  "partner",
  "member",
  "chairman",
  "counsel",
  "ceo",
  "cfo",
  "coo",
]);

/** Where an annex after the close begins: its own heading at the start of a line ("EXHIBIT A", "Schedule 1"). */
const ANNEX_HEADING =
  /\n\s*(?:EXHIBIT|SCHEDULE|APPENDIX|ANNEX|ATTACHMENT|Exhibit|Schedule|Appendix|Annex|Attachment)\s+[A-Z0-9]/;

/**
 * The names an instrument's close gives that `known` (its card so far) does not: the capitalised words of
 * its signature page (parties, signatories, their places), in their order, each once. The close is looked
 * for in the second half of `text`, where a signature page stands, and read up to an annex's heading; a
 * text with none gives "". A name is a word the text never writes in lower case ("Fleet", "DSP"), so the
 * capitalised common words of a signature page or a form's labels ("Part", "Form", "Request") are not
 * names, and neither are the offices signatories sign in. A form that names a party only where it signs
 * ("PARTICIPANT: DSP Communications") is then found by that name.
 */
export function closeNames(text: string, known: string): string {
  const from = Math.floor(text.length / 2);
  const mark = CLOSE_MARK.exec(text.slice(from));
  if (mark === null) return "";
  const start = from + mark.index;
  let window = text.slice(start, start + CLOSE_NAME_CHARS);
  const annex = ANNEX_HEADING.exec(window);
  if (annex !== null) window = window.slice(0, annex.index);
  const have = new Set((known.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase()));
  for (const w of text.match(/(?<![\p{L}\p{N}])\p{Ll}[\p{L}\p{N}]*/gu) ?? []) have.add(w.toLowerCase());
  const out: string[] = [];
  for (const word of window.match(/\p{Lu}[\p{L}\p{N}'’&.-]*/gu) ?? []) {
    const bare = word.replace(/[.'’-]+$/u, "");
    const key = bare.toLowerCase();
    if (bare.length < 2 || CLOSE_LABELS.has(key) || have.has(key)) continue;
    have.add(key);
    out.push(bare);
  }
  return out.join(" ");
}
