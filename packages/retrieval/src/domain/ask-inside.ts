import { phrasePattern } from "@lexnav/core";
import { withoutMentions, withoutParties } from "./document-names.ts";
import { expandConcepts } from "./legal-concepts.ts";
import { contentWords, type ParsedQuestion } from "./question.ts";

const QUESTION_WORDS = new Set(
  contentWords("what when where which who whom whose why how does do did can could must should is are"),
);
/** Whether a text has a content word beyond question words: something to rank provisions by. */
export const asksSomething = (text: string): boolean => contentWords(text).some((w) => !QUESTION_WORDS.has(w));

/**
 * A deal named as a whole ("the Biocept–Life Technologies deal", "AP's deal with Kubient", "the consulting
 * arrangement"): a determiner or a possessive, at most five words that are not function words, then "deal"
 * or "arrangement". Like an instrument named by kind, it names what routing found, not a provision.
 */
const DEAL_WORD = String.raw`(?!(?:the|a|an|this|that|these|those|in|of|with|and|or|for|to|by|on|at|under|between|is|are|was|were|what|which|who|whom|how|when|where|if|any|each|every|all)\b)[\p{L}\p{N}.&'’–-]+`;
const DEAL = new RegExp(
  String.raw`(?:\b(?:the|this|that|its|their|our|your)|(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}.&–-]*['’]s?)\s+(?:${DEAL_WORD}\s+){0,5}?(?:deal|arrangement)s?\b`,
  "giu",
);

/** The asking part without the deal it names as a whole (`DEAL`). */
function withoutDeal(ask: string): string {
  return ask.replace(DEAL, " ");
}

/** What a question is ranked by inside the documents it is about (`askInside`). */
export interface InsideAsk {
  /** The asking part without the naming part, the instruments it names by kind and the parties it names. */
  plain: string;
  /** `plain` with the clause words of the contract concepts it names, when concept expansion is on. */
  ask: string;
}

/**
 * The text a question is ranked by, lexically and by embedding, once the documents it is about are
 * known (routed to, or located by embedding the whole question). The part that names the instrument (a
 * lead-in clause such as "Under the credit agreement with Acme," or "As to the 2019 supply agreement:",
 * whatever its wording; `ParsedQuestion.naming`) is dropped: it found those documents and no provision is
 * about it. So are the words naming an instrument by kind
 * ("the voting agreement") or the deal as a whole ("the Biocept–Life Technologies deal"), which are in the
 * title and every heading path of the document (a deal's parties, in every passage), and the
 * parties named, which occur in every passage of their contract, unless nothing but question words
 * would be left ("What is the Collateral?": a defined term is capitalised like a party). `withoutNames`
 * takes the names out: the parties by default; the evidence decision takes every capitalised name
 * (`withoutCapitalisedNames`), the reading its weights were fitted on.
 */
export function askInside(
  parsed: ParsedQuestion,
  conceptExpansion: boolean,
  withoutNames: (ask: string) => string = withoutParties,
): InsideAsk {
  const unnamed = withoutDeal(withoutMentions(parsed.ask));
  const plain = [withoutNames(unnamed), unnamed].find(asksSomething) ?? parsed.ask;
  return { plain, ask: conceptExpansion ? expandConcepts(plain, parsed.ask) : plain };
}

/**
 * The asking part without its parties and without the words of a question typed in lower case that its route
 * read as names (`RouteResult.namesRead`): "where are pizza fusion franchise disputes mediated?" is ranked
 * inside Pizza Fusion's documents by "where are franchise disputes mediated?", as the same question with
 * capitals is. Every passage of those documents says the name, so it only pulled their openings up.
 */
export function withoutNamesRead(names: readonly string[]): (ask: string) => string {
  if (names.length === 0) return withoutParties;
  const read = new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:${names.map(phrasePattern).join("|")})(?![\p{L}\p{N}])`,
    "giu",
  );
  return (ask) => withoutParties(ask).replace(read, " ");
}
