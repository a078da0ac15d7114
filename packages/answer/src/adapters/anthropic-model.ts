import Anthropic from "@anthropic-ai/sdk";
import { inSpan, LexnavError } from "@lexnav/core";
import type { LanguageModel, ModelCallRequest, ModelCallResult } from "../ports/language-model.ts";

export interface AnthropicModelOptions {
  apiKey: string;
  model: string;
  /** Another endpoint speaking the Messages API (tests point this at a local stand-in). */
  baseURL?: string | null;
  /** Per request, in milliseconds. */
  timeoutMs: number;
  /** Retries with exponential backoff on 408/409/429/5xx and connection errors (the SDK honours retry-after). */
  maxRetries: number;
  /**
   * "off" (the default) sends `thinking: {type: "disabled"}`: the planner, the answer and the judge are
   * short structured outputs, and on models that think adaptively by default (Claude Sonnet 5 and
   * later) thinking tokens count against max_tokens and could leave no room for the text.
   * "adaptive" lets the model think (models on which thinking is always on need it), with
   * `THINKING_HEADROOM` more output tokens per call.
   */
  thinking?: "off" | "adaptive";
}

/** Output tokens added to a call's max_tokens when the model may think first. */
export const THINKING_HEADROOM = 8192;

/**
 * The Messages API through the official SDK: streamed, with cache_control on the system blocks that
 * end a cacheable prefix, and the SDK's errors mapped to LexnavError codes a person can act on.
 */
export function createAnthropicModel(options: AnthropicModelOptions): LanguageModel {
  const thinking = options.thinking ?? "off";
  const client = new Anthropic({
    apiKey: options.apiKey,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });
  return {
    model: options.model,
    call: (request: ModelCallRequest) =>
      // A call made to another service: a CLIENT span, with the GenAI semantic-convention names beside lexnav's.
      inSpan(
        "lexnav.model.call",
        {
          "lexnav.stage": request.stage,
          "lexnav.model": options.model,
          "gen_ai.system": "anthropic",
          "gen_ai.operation.name": "chat",
          "gen_ai.request.model": options.model,
        },
        async (span) => {
          const r = await call(request);
          span.setAttributes({
            "lexnav.input_tokens": r.usage.inputTokens,
            "lexnav.cache_write_tokens": r.usage.cacheWriteTokens,
            "lexnav.cache_read_tokens": r.usage.cacheReadTokens,
            "lexnav.output_tokens": r.usage.outputTokens,
            "gen_ai.usage.input_tokens": r.usage.inputTokens,
            "gen_ai.usage.output_tokens": r.usage.outputTokens,
          });
          return r;
        },
        { kind: "client" },
      ),
  };

  async function call(request: ModelCallRequest): Promise<ModelCallResult> {
    try {
      const stream = client.messages.stream({
        model: options.model,
        max_tokens: request.maxTokens + (thinking === "adaptive" ? THINKING_HEADROOM : 0),
        thinking: thinking === "adaptive" ? { type: "adaptive" as const } : { type: "disabled" as const },
        system: request.system.map((b) => ({
          type: "text" as const,
          text: b.text,
          ...(b.cache ? { cache_control: { type: "ephemeral" as const } } : {}),
        })),
        messages: [{ role: "user", content: request.user }],
      });
      if (request.onText) stream.on("text", (delta) => request.onText?.(delta));
      const message = await stream.finalMessage();
      const text = message.content.map((c) => (c.type === "text" ? c.text : "")).join("");
      const u = message.usage;
      return {
        text,
        stopReason: message.stop_reason ?? null,
        usage: {
          stage: request.stage,
          model: message.model || options.model,
          inputTokens: u.input_tokens ?? 0,
          cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
          cacheReadTokens: u.cache_read_input_tokens ?? 0,
          outputTokens: u.output_tokens ?? 0,
        },
      };
    } catch (e) {
      throw mapModelError(e, options);
    }
  }
}

/** SDK errors to LexnavError: what went wrong and what to do, never the raw response body. */
export function mapModelError(
  e: unknown,
  options: Pick<AnthropicModelOptions, "model" | "timeoutMs" | "maxRetries">,
): LexnavError {
  if (e instanceof LexnavError) return e;
  const retries = `${options.maxRetries} ${options.maxRetries === 1 ? "retry" : "retries"}`;
  if (e instanceof Anthropic.AuthenticationError)
    return new LexnavError(
      "permission_denied",
      "the Anthropic API rejected the API key (401): check ANTHROPIC_API_KEY, or unset it to answer offline",
      { cause: e, retryable: false },
    );
  if (e instanceof Anthropic.PermissionDeniedError)
    return new LexnavError("permission_denied", `the API key may not use model "${options.model}" (403)`, {
      cause: e,
      retryable: false,
    });
  if (e instanceof Anthropic.NotFoundError)
    return new LexnavError("invalid_argument", `model "${options.model}" was not found (404): check LEXNAV_MODEL`, {
      cause: e,
      retryable: false,
    });
  if (e instanceof Anthropic.RateLimitError)
    return new LexnavError(
      "unavailable",
      `the Anthropic API is rate limiting this key (429) after ${retries}; wait and try again`,
      { cause: e, retryable: true },
    );
  if (e instanceof Anthropic.APIConnectionTimeoutError)
    return new LexnavError(
      "unavailable",
      `the Anthropic API did not answer within ${options.timeoutMs} ms (after ${retries})`,
      { cause: e, retryable: true },
    );
  if (e instanceof Anthropic.APIConnectionError)
    return new LexnavError(
      "unavailable",
      `cannot reach the Anthropic API (after ${retries}): check the network or ANTHROPIC_BASE_URL`,
      { cause: e, retryable: true },
    );
  if (e instanceof Anthropic.BadRequestError)
    return new LexnavError(
      "invalid_argument",
      "the Anthropic API refused the request (400): the prompt may be too long for the model",
      { cause: e, retryable: false },
    );
  if (e instanceof Anthropic.APIError && typeof e.status === "number" && e.status >= 500)
    return new LexnavError(
      "unavailable",
      `the Anthropic API failed with ${e.status} after ${retries}; try again later`,
      { cause: e, retryable: true },
    );
  return new LexnavError("internal", `the model call failed: ${e instanceof Error ? e.message : String(e)}`, {
    cause: e,
  });
}
