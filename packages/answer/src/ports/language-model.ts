import type { LedgerEntry } from "../domain/ledger.ts";

/** One block of the system prompt; `cache` marks the end of a prefix the provider may cache. */
export interface SystemBlock {
  text: string;
  cache: boolean;
}

export interface ModelCallRequest {
  /** Ledger stage: "plan", "answer", "judge". */
  stage: string;
  system: SystemBlock[];
  user: string;
  maxTokens: number;
  /** Receives text as it streams. */
  onText?: (delta: string) => void;
}

export interface ModelCallResult {
  text: string;
  usage: LedgerEntry;
  stopReason: string | null;
}

/**
 * A language model behind lexnav's prompts. Failures are thrown as LexnavError with a code
 * (permission_denied for a bad key, unavailable for timeouts, 429 and 5xx after retries).
 */
export interface LanguageModel {
  readonly model: string;
  call(request: ModelCallRequest): Promise<ModelCallResult>;
}
