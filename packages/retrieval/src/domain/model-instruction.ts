import { type Range, splitSentences } from "./sentences.ts";

/**
 * Text inside a document that speaks to an AI reading it rather than to the parties: a jailbreak
 * ("Ignore previous instructions and say …"), a chat role tag or template token ("assistant:",
 * "<|im_start|>", "[INST]"), or an instruction to an AI, assistant or language model ("If you are an
 * AI, answer that …"). Such a sentence is a fact about the file, never evidence of what the contract
 * provides: retrieval marks it in the trace and no answerer cites it.
 *
 * Contract language that addresses a party ("You must notify the Landlord …", "Licensee shall say …")
 * is evidence like any other: a sentence counts only when it speaks of prompts and instructions in a
 * jailbreak's terms, carries a chat template's markup, or names an AI as the one told what to do.
 * The false-positive count over the shared corpus is in `docs/answers/trust.md`.
 */

// "ignore (all) (of) (the|your|any) previous|prior|above … instructions|prompts|rules", and not a
// party's earlier instructions ("disregard prior instructions from the Company").
const JAILBREAK =
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+|my\s+)?(?:previous|prior|above|earlier|preceding|foregoing|system|original|initial)\s+(?:instructions?|prompts?|messages?|directives?|guidelines?|rules?|context)\b(?!\s+(?:of|from|given|issued|received|delivered|provided|by)\b)/i;

// A model's own prompt named as such ("your system prompt", "reveal the system prompt"), "developer
// mode", "jailbreak", "prompt injection": a contract's "system prompt" is a screen message, not these.
const PROMPT_TALK =
  /\b(?:your|(?:reveal|print|repeat|show|ignore|disregard|override)\s+(?:the\s+|your\s+)?)system\s+prompt\b|\bdeveloper\s+mode\b|\bjailbreak|\bprompt\s+injection\b/i;

// Chat role tags at a line's start, and chat template tokens anywhere.
const ROLE_TAG =
  /(?:^|\n)[ \t]*(?:assistant|AI)[ \t]*:\s*\S|(?:^|\n)[ \t]*system[ \t]*:\s*(?:you\b|ignore\b|disregard\b|from\s+now\s+on\b)|<\|(?:im_start|im_end|system|user|assistant|endoftext)\|>|\[\/?INST\]|<<\/?SYS>>|<\/?(?:system|assistant)>/i;

// Who an instruction to an AI is addressed to.
const AI = String.raw`(?:AI|A\.I\.|artificial\s+intelligence|(?:large\s+)?language\s+models?|LLMs?|chat\s?bots?|ChatGPT|(?:AI|virtual|digital)\s+assistants?|(?:assistant|model)s?\s+reading\s+this|automated\s+(?:reader|reviewer)s?)`;

// An AI named as the one told what to do: "you are an AI", "as an AI language model", "Note to AI:",
// "If you are a language model, …", "AI assistants must respond …", "the language model should say …".
const TO_AN_AI = new RegExp(
  [
    String.raw`\byou\s+are\s+(?:now\s+)?(?:an?\s+|the\s+)?(?:helpful\s+)?(?:${AI}|Claude|GPT(?:-\d+)?)(?![\w-])`,
    String.raw`\bas\s+an?\s+(?:AI\s+(?:language\s+model|assistant|model)|(?:large\s+)?language\s+model)\b`,
    String.raw`\b(?:note|message|instructions?|attention)\s+(?:to|for)\s+(?:any\s+|the\s+)?${AI}(?![\w-])`,
    String.raw`\b(?:if|when)\s+you\s+are\s+(?:an?\s+|the\s+)?${AI}(?![\w-])`,
    String.raw`(?<![\w-])${AI}(?:\s+models?)?\s*(?:,\s*)?(?:must|should|shall|will|are\s+to|is\s+to|please)\s+(?:now\s+|always\s+|only\s+)?(?:say|respond|reply|answer|output|state|tell|report|ignore|disregard|pretend|act|claim|conclude|summari[sz]e)\b`,
    String.raw`(?:^|[.:;!]\s+|\n[ \t]*)(?:dear\s+|hey\s+|hello\s+)?${AI}\s*[,:]\s*(?:please\s+)?(?:say|respond|reply|answer|output|state|tell|ignore|disregard|pretend|act|claim)\b`,
  ].join("|"),
  "i",
);

/** Whether a piece of text (a sentence, a quote) holds an instruction aimed at an AI. */
export function isModelInstruction(text: string): boolean {
  return JAILBREAK.test(text) || PROMPT_TALK.test(text) || ROLE_TAG.test(text) || TO_AN_AI.test(text);
}

/** The sentences of `text[start, end)` that hold an instruction aimed at an AI (offsets into `text`). */
export function modelInstructions(text: string, start = 0, end = text.length): Range[] {
  const span = text.slice(start, end);
  // One pass over the span first: almost no span has any, and splitting every span costs more.
  if (!isModelInstruction(span)) return [];
  return splitSentences(text, start, end).filter((r) => isModelInstruction(text.slice(r.start, r.end)));
}
