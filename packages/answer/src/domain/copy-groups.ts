import { copiesOneAgreement, withoutFurniture, wordsOf } from "./filed-copies.ts";

/** A document's current text, by id. */
export interface FiledText {
  id: string;
  text: string;
}

/** Documents that are copies of one agreement (`copiesOneAgreement`), ids in the order given. */
export interface CopyGroup {
  ids: string[];
  /** Every member has the same words (case, white space, punctuation and page stamps aside). */
  verbatim: boolean;
}

/** Words per sampled shingle, and one shingle in `SAMPLE` kept: enough to find pairs sharing most text. */
const SHINGLE = 5;
const SAMPLE = 8;
/** A shingle in more documents than this is boilerplate shared across deals, not a sign of a copy. */
const COMMON = 25;

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/**
 * The groups of documents that are copies of one agreement: a sample of each text's word shingles
 * finds the pairs that share most of their text, and `copiesOneAgreement` decides each pair; the
 * pairs join into groups. Texts of fewer than one shingle are left out.
 */
export function filedCopyGroups(docs: readonly FiledText[]): CopyGroup[] {
  const words = docs.map((d) => wordsOf(withoutFurniture(d.text)).map((w) => w.toLowerCase()));
  const sampled = words.map((ws) => {
    const out = new Set<number>();
    for (let i = 0; i + SHINGLE <= ws.length; i++) {
      const h = hash(ws.slice(i, i + SHINGLE).join(" "));
      if (h % SAMPLE === 0) out.add(h);
    }
    return out;
  });
  const holders = new Map<number, number[]>();
  sampled.forEach((hs, i) => {
    for (const h of hs) {
      const list = holders.get(h);
      if (list) list.push(i);
      else holders.set(h, [i]);
    }
  });
  const shared = new Map<string, number>();
  for (const list of holders.values()) {
    if (list.length < 2 || list.length > COMMON) continue;
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        const pair = `${list[a]}:${list[b]}`;
        shared.set(pair, (shared.get(pair) ?? 0) + 1);
      }
  }
  const parent = docs.map((_, i) => i);
  const root = (i: number): number => {
    let at = i;
    while (parent[at] !== at) at = parent[at] ?? at;
    return at;
  };
  for (const [pair, n] of shared) {
    const [a = 0, b = 0] = pair.split(":").map(Number);
    const smaller = Math.min(sampled[a]?.size ?? 0, sampled[b]?.size ?? 0);
    // a copy shares nearly all of the shorter text's sample; half is a loose first cut
    if (n * 2 < smaller) continue;
    if (copiesOneAgreement(docs[a]?.text ?? "", docs[b]?.text ?? "")) parent[root(b)] = root(a);
  }
  const groups = new Map<number, number[]>();
  docs.forEach((_, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g) => ({
      ids: g.map((i) => docs[i]?.id ?? ""),
      verbatim: g.every((i) => (words[i] ?? []).join(" ") === (words[g[0] ?? 0] ?? []).join(" ")),
    }));
}
