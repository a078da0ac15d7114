import { contentWords } from "@lexnav/retrieval";
import { plainAsk } from "./evidence-model.ts";
import { questionAsks } from "./multi-ask.ts";
import { askedTopic, singular } from "./states-asked.ts";

/** Words that end the head of a "what …" ask: a verb of asking, a preposition, a conjunction. */
const ENDS_HEAD = new Set(
  (
    "is are was were be been being does do did can could may might must shall should will would has have had " +
    "of in on under to for from by with at after before during between into upon per if when that than as " +
    "and or apply applies applied govern governs count counts mean means refer refers happen happens"
  ).split(" "),
);
const COPULA = new Set(["is", "are", "was", "were"]);
const DETERMINER = new Set(["the", "a", "an", "this", "that", "its", "their", "any", "each"]);

/**
 * Words a head can hold that name no provision of their own: "What rights does the licensee have …",
 * "What are the terms of …" ask about whatever follows, and a sentence need not repeat them.
 */
const GENERIC = new Set(
  (
    "right obligation requirement condition term provision thing kind type sort form matter part other " +
    "amount number share percentage percent portion proportion multiple ratio fraction level consequence effect " +
    "result remedy " +
    "restriction limitation duty"
  ).split(" "),
);

/**
 * The head of a question that asks "what" or "which": the noun it asks the value of, as a lawyer
 * writes it first ("What interest rate applies to the note after the extension?" → interest, rate;
 * "What is the notice period for termination?" → notice, period; "Which law governs …" → law). The
 * rest of the question places the ask (the instrument, the event after which, the party), and any
 * clause of the deal may share those words; an answer must state the head. Empty when the question
 * asks no "what …" of a noun ("What does Section 8 say?", "What happens if …"), or when its head is
 * only a word every provision is ("What rights …").
 */
export function askedHead(question: string): string[] {
  // a question that asks two things ("Which law governs, and how much insurance …?") has a head per ask:
  // an answer states one of them, and an ask with no head leaves the whole topic to be read
  const asks = questionAsks(question);
  if (asks.length > 1) {
    const heads = asks.map(headOfAsk);
    return heads.every((h) => h.length > 0) ? [...new Set(heads.flat())] : [];
  }
  return headOfAsk(question);
}

function headOfAsk(question: string): string[] {
  const words = (
    plainAsk(question)
      .slice(0, 2_000)
      .match(/[A-Za-z][A-Za-z'-]*/g) ?? []
  ).map((w) => w.toLowerCase());
  if (words[0] !== "what" && words[0] !== "which") return [];
  let i = 1;
  if (COPULA.has(words[1] ?? "")) {
    i = 2;
    while (DETERMINER.has(words[i] ?? "")) i++;
  }
  const head: string[] = [];
  for (; i < words.length && head.length < 4; i++) {
    const w = words[i] as string;
    if (ENDS_HEAD.has(w)) break;
    head.push(w.replace(/'s$/, ""));
  }
  // the phrase's noun comes last: when that names nothing ("the original amount"), neither do its adjectives
  const noun = contentWords(head.join(" ")).at(-1);
  if (noun === undefined || GENERIC.has(singular(noun))) return [];
  const topic = new Set(askedTopic(question));
  return contentWords(head.join(" ")).filter((w) => topic.has(w) && !GENERIC.has(singular(w)));
}
