import { splitSentences } from "@lexnav/retrieval";
import type { EvidenceItem } from "./evidence.ts";
import { introducedEnd, isLeadIn } from "./lead-in.ts";

/** The longest an answering unit may grow to past the chosen sentence, in characters. */
export const UNIT_MAX_GROWTH = 1500;

/**
 * A line of prose, which ends a block: a long line that ends a sentence on a word ("... of the other
 * Party."), or any very long line. An address flattened onto one line ("VP Operations ... Suite 100
 * Springfield, ST 00000 Email: ...") is long but ends on no sentence; ".com" ends on no word of four.
 */
function isProse(line: string): boolean {
  return line.length > 200 || (line.length > 90 && /[a-z]{4,}[.;]$/.test(line));
}
/**
 * A line of a table: cells separated by a pipe, a tab, or a run of three or more spaces, twice at least.
 * Three spaces before a cell stand for any longer run (a match for a longer run is one for its last three):
 * written ` {3,}`, each space of a long run would start a scan to the run's end (quadratic in the run).
 */
const TABLE_ROW = /(?:\|[ \t]*|\t| {3})\S.*(?:\|[ \t]*|\t| {3})\S/;
/** The first line of another group of a block: another addressee, a copy, an attention line. */
const NEXT_GROUP = /^(?:if to\b|with (?:a )?cop(?:y|ies) to\b|attention\b|attn\b|to\b)|:$/i;
/** A sentence choosing a governing law. */
const GOVERNING_LAW = /\bgoverned by\b|\bgoverning law\b|\blaws? of the (?:State|Commonwealth|Province|Republic)\b/i;
/** A sentence choosing a forum: courts, jurisdiction, venue or arbitration. */
const FORUM = /\b(?:courts?|jurisdiction|venue|forum|arbitrat\w*)\b/i;

/**
 * The span of `item` that quotes the answering unit whole, given a chosen sentence `[start, end)`
 * (absolute offsets inside the item): a sentence the source broke at a blank line runs on to its end
 * (`splitSentences`: "… shall not extend beyond February 28, 2023 unless" ⏎⏎ "otherwise agreed …");
 * a sentence that ends "as follows:" runs on through the block it
 * introduces (an address, a list of short lines); a sentence on a row of a table is the whole row; a
 * governing-law sentence takes in the forum sentence that follows it. The result stays inside the
 * item and is a span of its text, so `quote == text(document@version)[start, end)` still holds.
 */
export function answeringUnit(
  item: Pick<EvidenceItem, "start" | "end" | "text">,
  start: number,
  end: number,
): { start: number; end: number } {
  const text = item.text;
  const s = Math.max(0, start - item.start);
  const e = Math.min(text.length, end - item.start);
  if (s >= e) return { start, end };
  // the chosen sentence's start, a new end (an offset inside the item's text)
  const at = (i: number) => ({ start, end: item.start + i });
  const quoted = text.slice(s, e);

  // A row of a table: the line the sentence sits on, from its first cell to its last.
  const lineStart = text.lastIndexOf("\n", s - 1) + 1;
  const lineEndAt = text.indexOf("\n", e);
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt;
  const line = text.slice(lineStart, lineEnd);
  if (!quoted.includes("\n") && TABLE_ROW.test(line.trim()) && lineEnd - lineStart <= e - s + UNIT_MAX_GROWTH) {
    const lead = line.length - line.trimStart().length;
    const trail = line.length - line.trimEnd().length;
    return { start: item.start + lineStart + lead, end: item.start + lineEnd - trail };
  }

  // A sentence cut at a blank line the source put inside it: on to where it ends. Whether the blank line
  // ends it is the reading split's to say (`splitSentences`), not this function's.
  const bound = Math.min(text.length, e + UNIT_MAX_GROWTH);
  if (/^[^\S\n]*\n\s*\n/.test(text.slice(e, bound))) {
    const last = splitSentences(text, s, bound).find((r) => r.start < e && r.end > e);
    if (last && (last.end < bound || bound === text.length)) return at(last.end);
  }

  // "as follows:" and its block: the short lines after it, and further groups of them after single blank lines.
  if (/:\s*$/.test(quoted)) {
    let cursor = e;
    let last = e;
    let blanks = 0;
    // the last line read ended with a colon (a heading of the block: what follows belongs to it)
    let heading = true;
    while (cursor < text.length && cursor - e <= UNIT_MAX_GROWTH) {
      const nl = text.indexOf("\n", cursor);
      const stop = nl < 0 ? text.length : nl;
      const l = text.slice(cursor, stop).trim();
      if (l === "") {
        if (cursor > e && ++blanks > 1) break;
      } else {
        // prose, or a new numbered provision, ends the block
        if (isProse(l) || /^(?:\(?[0-9]+(?:\.[0-9]+)*[.)]|\([a-z]{1,3}\)|Section\s|ARTICLE\s)/i.test(l)) break;
        // after a blank line, only the text under a heading or another addressee's group ("If to the Supplier:") continues it
        if (blanks > 0 && !heading && !NEXT_GROUP.test(l)) break;
        blanks = 0;
        heading = l.endsWith(":");
        const from = text.lastIndexOf(l, stop);
        // a numbered provision run onto the block's last line (text extraction joins them) ends it there
        const next = /(?<=\S)\s+\(?\d+(?:\.\d+)*[.)]\s+[A-Z]/.exec(l);
        if (next) {
          last = from + next.index;
          break;
        }
        last = from + l.length;
      }
      if (nl < 0) break;
      cursor = nl + 1;
    }
    if (last > e && last - e <= UNIT_MAX_GROWTH) return at(last);
  }
  // Any other lead-in and what it introduces: quoted text, list items, a table's rows (`lead-in.ts`).
  if (isLeadIn(quoted)) {
    const introduced = introducedEnd(text, s, e, UNIT_MAX_GROWTH);
    return introduced === null ? { start, end } : at(introduced);
  }

  // A governing-law sentence and the forum sentence after it.
  if (GOVERNING_LAW.test(quoted) && !FORUM.test(quoted)) {
    const rest = text.slice(e);
    const lead = rest.length - rest.replace(/^[ \t]*\n?[ \t]*/, "").length;
    const next = rest.slice(lead);
    // the next sentence ends at a full stop before whitespace and a capital, a line break, or the end
    const stop = /[.;](?=\s+[A-Z(]|\s*\n|\s*$)/.exec(next);
    const sentence = stop ? next.slice(0, stop.index + 1) : "";
    if (sentence !== "" && FORUM.test(sentence) && !GOVERNING_LAW.test(sentence) && sentence.length <= UNIT_MAX_GROWTH)
      return at(e + lead + sentence.length);
  }
  return { start, end };
}
