import type { ScoredCandidate } from "./evidence-model.ts";

/** Whether two candidates are one sentence (a re-ranking copies the candidates it moves). */
export const sameSentence = (a: ScoredCandidate, b: ScoredCandidate) =>
  a.item.documentId === b.item.documentId && a.item.version === b.item.version && a.start === b.start;

/** Whether two candidates are sentences of one passage of the extract. */
export const samePassage = (a: ScoredCandidate, b: ScoredCandidate) =>
  a.item.documentId === b.item.documentId &&
  a.item.version === b.item.version &&
  a.item.nodeId === b.item.nodeId &&
  a.item.start === b.item.start;

/** A rule that sets a cited sentence aside for a better one. */
export interface GiveWay<T> {
  /** Whether the cited sentence gives way. */
  gives: (cited: T) => boolean;
  /** Whether a candidate may take the place of the cited sentence that gives way. */
  takes: (candidate: T, cited: T) => boolean;
  /** Whether a sentence that gives way stays when no candidate takes its place (else it is dropped). */
  staysAlone: boolean;
}

/**
 * The cited sentences, each that gives way replaced by the most probable candidate of `pool` the rule lets
 * take its place and that is not cited already; one that finds none stays or is dropped, as the rule says.
 * The shared step of the rules that read a chosen citation against its neighbours (the party asked, the branch
 * asked, the kind asked, the party's own instrument).
 */
export function citeInstead<T extends ScoredCandidate>(cited: readonly T[], pool: readonly T[], rule: GiveWay<T>): T[] {
  const out: T[] = [];
  for (const c of cited) {
    if (!rule.gives(c)) {
      out.push(c);
      continue;
    }
    const taken = (o: T) => [...cited, ...out].some((x) => sameSentence(x, o));
    let instead: T | undefined;
    for (const o of pool) if (!taken(o) && (instead === undefined || o.p > instead.p) && rule.takes(o, c)) instead = o;
    if (instead !== undefined) out.push(instead);
    else if (rule.staysAlone) out.push(c);
  }
  return out;
}
