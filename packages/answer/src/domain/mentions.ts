import {
  type InstrumentMention,
  instrumentMentions,
  mentionWord,
  parseQuestion,
  type RoutedBy,
  titleMentions,
} from "@lexnav/retrieval";
import type { Awaitable } from "./extract.ts";

/** A document the asker may read, as a note names it. */
export interface ReadableDocument {
  documentId: string;
  /** How citations name it (its filed name). */
  label: string;
  title: string | null;
}

/** Most documents a note lists by name. */
const LISTED = 6;

/**
 * The part of a title that names the instrument: from a few words before the mention's first word to
 * its noun ("EXECUTION VERSION 1 THIRD AMENDED AND RESTATED EMEA GUARANTY AND PLEDGE AGREEMENT" →
 * "AMENDED AND RESTATED EMEA GUARANTY AND PLEDGE AGREEMENT"); running heads and filing numbers stay out.
 */
export function titleExcerpt(title: string | null, m: InstrumentMention): string {
  const tokens = (title ?? "").split(/\s+/).filter(Boolean);
  const first = mentionWord(m.words[0] as string);
  const noun = mentionWord(m.words.at(-1) as string);
  const i = tokens.findIndex((t) => mentionWord(t) === first);
  const j = tokens.findIndex((t, x) => x >= i && mentionWord(t) === noun);
  if (i < 0 || j < 0 || m.words.length === 1) {
    // a noun alone ("the amendment"): what follows it tells the instruments apart
    const t = tokens.slice(Math.max(0, i)).join(" ");
    return t.length > 60 ? `${t.slice(0, 59)}…` : t;
  }
  // Back over words (not numbers or filing marks), in capitals when the name is: a running head
  // ("Execution Version") is not part of it.
  const caps = (t: string) => t === t.toUpperCase();
  const upper = caps(tokens[i] as string);
  let k = i;
  while (k > 0 && i - k < 6) {
    const t = tokens[k - 1] as string;
    if (!/^[A-Za-z][A-Za-z'’-]*$/.test(t) || (upper && !caps(t))) break;
    k--;
  }
  return tokens.slice(k, j + 1).join(" ");
}

const labels = (docs: readonly ReadableDocument[]) => docs.map((d) => `[${d.label}]`).join(" and ");

/**
 * Notes for instruments a question names by kind when more than one document the asker may read is of
 * that kind ("the pledge agreement" in a set with three pledge agreements) and the answer does not cite
 * them all: which documents the words may mean and which the answer rests on, so a lawyer does not take
 * one instrument's answer for another's. Only documents in `readable` are named.
 */
export async function ambiguityNotes(
  question: string,
  readable: () => Awaitable<readonly ReadableDocument[]>,
  cited: ReadonlySet<string>,
): Promise<string[]> {
  // A question that names its document in a leading clause (title and parties, then the question) is
  // routed to it: the instruments its asking part mentions are that document's.
  const parsed = parseQuestion(question);
  if (parsed.naming) return [];
  const mentions = instrumentMentions(parsed.ask);
  if (mentions.length === 0) return [];
  const docs = await readable();
  return mentions.flatMap((m) => note(m, docs, cited));
}

function note(m: InstrumentMention, docs: readonly ReadableDocument[], cited: ReadonlySet<string>): string[] {
  const matching = docs.filter((d) => titleMentions(d.title, m));
  if (matching.length < 2) return [];
  const citedOnes = matching.filter((d) => cited.has(d.documentId));
  if (citedOnes.length === matching.length) return [];
  const listed = matching
    .slice(0, LISTED)
    .map((d) => `[${d.label}] ${titleExcerpt(d.title, m)}`)
    .join("; ");
  const more = matching.length > LISTED ? `; and ${matching.length - LISTED} more` : "";
  const rests = citedOnes.length === 0 ? "The answer cites none of them" : `The answer cites ${labels(citedOnes)} only`;
  return [
    `"${m.phrase}" may mean any of ${matching.length} documents you may read: ${listed}${more}. ${rests}; name the instrument to ask about another.`,
  ];
}

/**
 * The documents retrieval routed a question to, what chose them (`QueryTrace.routedBy`), and the words of
 * the question it read there as those documents' names (`QueryTrace.namesRead`: a party typed in lower
 * case, "premier nutrition"), when any.
 */
export interface Routing {
  documents: readonly string[];
  by: RoutedBy | undefined;
  namesRead?: readonly string[];
}

/** Whether the question named its documents by words retrieval read as their names, capitals or none. */
const namedInWords = (routing: Routing) => (routing.namesRead?.length ?? 0) > 0;

/**
 * A note for a silence that covers only part of what the asker may read: retrieval routed a question
 * that names no document by all its words (`routing.by` is "question"), or by the kind of instrument
 * its parties imply ("role": the guarantor's liability, the guarantees), or by the parties it names
 * ("party": "Does Acme have to ..."), so a guess chose what was
 * searched, and none of it answered. The silence sentence alone would read as
 * "none of your documents says this"; the note names the documents it is about and how to ask about
 * another. An answer (`cited`: the documents it cites) gets `guessNotes` instead.
 */
export async function scopeNotes(
  routing: Routing,
  readable: () => Awaitable<readonly ReadableDocument[]>,
  abstained: boolean,
  cited: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  if (!abstained) return await guessNotes(routing, readable, cited);
  const guessed = routing.by === "question" || routing.by === "role" || routing.by === "party";
  if (!guessed || routing.documents.length === 0) return [];
  const docs = await readable();
  const searched = docs.filter((d) => routing.documents.includes(d.documentId));
  if (searched.length === 0 || searched.length >= docs.length) return [];
  const one = searched.length === 1;
  return [
    `Only ${labels(searched)} ${one ? "was" : "were"} searched, of the ${docs.length} documents you may read: ` +
      `the question names no document, so ${one ? "it was" : "they were"} chosen ${
        namedInWords(routing)
          ? `by the names the question gives (${routing.namesRead?.map((w) => `"${w}"`).join(", ")})`
          : routing.by === "role"
            ? "as the kind of instrument the question's parties imply"
            : routing.by === "party"
              ? "by the parties the question names"
              : `by the words of ${one ? "its opening" : "their openings"}`
      }. ` +
      `The silence is about ${one ? "it" : "them"} alone; name the instrument to ask about another.`,
  ];
}

/**
 * A note for an answer to a question that names no document, no party and no instrument (`routing.by` is
 * "question", or "role": the kind its parties imply): the documents it rests on were chosen by the question's
 * words among all the asker may read, and may not be the deal the asker means ("How long does the consulting
 * engagement last?" over a hundred agreements). The note names them, so the guess shows.
 */
async function guessNotes(
  routing: Routing,
  readable: () => Awaitable<readonly ReadableDocument[]>,
  cited: ReadonlySet<string>,
): Promise<string[]> {
  if ((routing.by !== "question" && routing.by !== "role") || namedInWords(routing) || cited.size === 0) return [];
  const docs = await readable();
  const rests = docs.filter((d) => cited.has(d.documentId));
  if (rests.length === 0 || rests.length >= docs.length) return [];
  return [
    `The question names no document: the answer rests on ${labels(rests)}, chosen ${
      routing.by === "role" ? "as the kind of instrument the question's parties imply" : "by the question's words"
    } among the ${docs.length} documents you may read. Name the instrument to ask about another.`,
  ];
}
