import { LexnavError } from "@lexnav/core";
import type { LanguageModel } from "../ports/language-model.ts";
import { parseCitedText, type SourceText, shouldAbstain, verifyClaims } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";
import type { LedgerEntry } from "./ledger.ts";
import { type DraftAnswer, silentDraft } from "./offline-answerer.ts";
import { PLANNER_RULES_V1, renderEvidence, renderQuestion, SYSTEM_RULES_V1 } from "./prompts.ts";
import { checkQuestion } from "./question-guard.ts";

/** How the evidence reaches the model: the whole corpus as a cached prefix (inject) or the extract in the turn. */
export type EvidencePlacement = "cached-prefix" | "in-turn";

export interface ModelAnswerRequest {
  question: string;
  extract: readonly EvidenceItem[];
  source: SourceText;
  placement: EvidencePlacement;
  onText?: (delta: string) => void;
}

export interface ModelAnswer {
  draft: DraftAnswer;
  /** The model's text as it came, before verification (kept in the record for audit). */
  raw: string;
  usage: LedgerEntry[];
}

export interface PlanRequest {
  question: string;
  /** The compact navindex: the planner's cached prefix. */
  compactIndex: string;
  /** `${docId} ${nodeId}` pairs that exist; anything else the model names is invented. */
  known: ReadonlySet<string>;
  /**
   * Resolves a node handle of the compact index ("0.17") to its ids; null for a handle the index
   * does not list (invented). Without it, only "doc_id node_id" lines are read.
   */
  resolve?: (handle: string) => { documentId: string; nodeId: string } | null;
  maxNodes?: number;
}

export interface Plan {
  pairs: Array<{ documentId: string; nodeId: string }>;
  /** Lines naming ids that are not in the index: dropped. */
  rejected: string[];
  usage: LedgerEntry;
}

export interface ModelAnswerer {
  answer(request: ModelAnswerRequest): Promise<ModelAnswer>;
  plan(request: PlanRequest): Promise<Plan>;
}

/** Answers with a language model; every citation it writes is verified before it is shown. */
export function createModelAnswerer(deps: {
  model: LanguageModel;
  maxTokens?: number;
  planTokens?: number;
}): ModelAnswerer {
  const maxTokens = deps.maxTokens ?? 1024;
  return {
    async answer(request) {
      const checked = checkQuestion(request.question);
      if (!checked.ok)
        throw new LexnavError(checked.error.code === "empty" ? "empty" : "too_large", checked.error.reason);
      const evidence = renderEvidence(request.extract, request.source);
      const question = renderQuestion(checked.value.question);
      const cached = request.placement === "cached-prefix";
      const result = await deps.model.call({
        stage: "answer",
        system: cached
          ? [
              { text: SYSTEM_RULES_V1, cache: false },
              { text: evidence, cache: true },
            ]
          : [{ text: SYSTEM_RULES_V1, cache: false }],
        user: cached ? question : `${evidence}\n\n${question}`,
        maxTokens,
        ...(request.onText ? { onText: request.onText } : {}),
      });
      return {
        draft: judgeModelText(result.text, request.extract, request.source),
        raw: result.text,
        usage: [result.usage],
      };
    },

    async plan(request) {
      const checked = checkQuestion(request.question);
      if (!checked.ok)
        throw new LexnavError(checked.error.code === "empty" ? "empty" : "too_large", checked.error.reason);
      const result = await deps.model.call({
        stage: "plan",
        system: [
          { text: PLANNER_RULES_V1, cache: false },
          { text: `<navindex>\n${request.compactIndex}\n</navindex>`, cache: true },
        ],
        user: `Question: ${checked.value.question}`,
        maxTokens: deps.planTokens ?? 300,
      });
      return { ...parsePlan(result.text, request.known, request.maxNodes ?? 10, request.resolve), usage: result.usage };
    },
  };
}

/**
 * Reads the planner's lines, each a node handle ("0.17", through `resolve`) or a "doc_id node_id"
 * pair: known nodes only, no duplicates, at most `max`.
 */
export function parsePlan(
  text: string,
  known: ReadonlySet<string>,
  max = 10,
  resolve?: (handle: string) => { documentId: string; nodeId: string } | null,
): Omit<Plan, "usage"> {
  const pairs: Plan["pairs"] = [];
  const rejected: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/\n+/)) {
    const written = raw.trim();
    if (written.replace(/^[-*\d.)\s]+(?=\S)/, "") === "") continue;
    const ids = planLineIds(written, known, resolve);
    if (!ids) {
      rejected.push(written.slice(0, 200));
      continue;
    }
    const key = `${ids.documentId} ${ids.nodeId}`;
    if (seen.has(key) || pairs.length >= max) continue;
    seen.add(key);
    pairs.push(ids);
  }
  return { pairs, rejected };
}

/** A planner line that is a node handle ("0.17"), with or without a list marker or backticks. */
const HANDLE_LINE = /^(?:(?:[-*]|\d+[.)])\s+)?`?(\d+\.\d+)`?$/;

/**
 * The ids one planner line names, or null when it names no node of the index: a handle through
 * `resolve` (read before list markers are stripped, which would eat a handle's "0."), else a
 * "doc_id node_id" pair that `known` lists.
 */
function planLineIds(
  written: string,
  known: ReadonlySet<string>,
  resolve?: (handle: string) => { documentId: string; nodeId: string } | null,
): { documentId: string; nodeId: string } | null {
  const handle = resolve ? HANDLE_LINE.exec(written) : null;
  if (handle && resolve) return resolve(handle[1] as string);
  const line = written.replace(/^[-*\d.)\s]+(?=\S)/, "");
  const m = /^`?([\w.:@/-]+)`?[\s,]+`?([\w.:@/()-]+)`?$/.exec(line);
  if (!m || !known.has(`${m[1]} ${m[2]}`)) return null;
  return { documentId: m[1] as string, nodeId: m[2] as string };
}

/** Turns model text into a verified draft: silence, or the claims whose citations resolve. */
export function judgeModelText(text: string, extract: readonly EvidenceItem[], source: SourceText): DraftAnswer {
  const claims = parseCitedText(text, extract);
  const verified = verifyClaims(claims, extract, source);
  const decision = shouldAbstain(text, verified);
  if (decision.abstain) return silentDraft(decision.reason, 0, verified.unsupported.length);
  const precedence = verified.supported
    .filter((c) => /controlling|governs|overrid|supersed/i.test(c.text))
    .map((c) => c.text);
  return {
    text: verified.supported.map((c) => c.text).join("\n"),
    claims: verified.supported,
    abstained: false,
    abstainReason: null,
    precedence,
    unsupported: verified.unsupported.length,
    confidence: verified.supported.length / Math.max(1, claims.length),
  };
}
