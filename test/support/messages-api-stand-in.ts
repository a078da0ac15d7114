// A local stand-in for the Anthropic Messages API, for tests only: the SDK is pointed at it with
// baseURL. It speaks the JSON and SSE shapes of POST /v1/messages, simulates prompt caching
// (cache_control prefixes written once, read after) and can be scripted to fail. Never the product path.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInRequest {
  headers: IncomingMessage["headers"];
  body: {
    model: string;
    max_tokens: number;
    stream?: boolean;
    thinking?: { type: string };
    system?: Array<{ type: "text"; text: string; cache_control?: { type: string } }> | string;
    messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
  };
}

/** What the stand-in does with one request: reply with text, fail with a status, or hang past the timeout. */
export type StandInStep =
  | { kind: "reply"; text: string | ((req: StandInRequest) => string) }
  | { kind: "error"; status: number; type: string; message: string; retryAfterMs?: number }
  | { kind: "hang"; ms: number };

export interface MessagesApiStandIn {
  url: string;
  /** Every request received, in order. */
  requests: StandInRequest[];
  /** Steps used in order; when they run out, `fallback` answers. */
  script(steps: StandInStep[]): void;
  fallback: (req: StandInRequest) => string;
  validKey: string;
  close(): Promise<void>;
}

/** Tokens as the stand-in counts them: about four characters each (the real tokenizer is not needed here). */
export const standInTokens = (text: string) => Math.ceil(text.length / 4);

function userText(body: StandInRequest["body"]): string {
  return body.messages
    .map((m) => (typeof m.content === "string" ? m.content : m.content.map((c) => c.text ?? "").join("")))
    .join("\n");
}

/** The key a request was sent with (SDK versions send it as x-api-key or as a bearer token). */
export function keyOf(headers: IncomingMessage["headers"]): string | undefined {
  const key = headers["x-api-key"] ?? headers.authorization?.replace(/^Bearer\s+/i, "");
  return Array.isArray(key) ? key[0] : key;
}

/**
 * `validKey` is the key accepted (and changeable through `validKey`); `otherKeys` are accepted too, so
 * processes configured with keys of their own can share one stand-in and each request tells whose it was.
 */
export async function startMessagesApiStandIn(
  options: { validKey?: string; otherKeys?: readonly string[] } = {},
): Promise<MessagesApiStandIn> {
  const requests: StandInRequest[] = [];
  let steps: StandInStep[] = [];
  const cache = new Set<string>();
  const state = {
    fallback: (_req: StandInRequest) => "The documents provided do not answer this question.",
    validKey: options.validKey ?? "sk-ant-test-key",
  };

  const usageOf = (body: StandInRequest["body"]) => {
    const system =
      typeof body.system === "string" ? [{ type: "text" as const, text: body.system }] : (body.system ?? []);
    let prefix = "";
    let write = 0;
    let read = 0;
    let uncachedFrom = 0;
    system.forEach((b, i) => {
      prefix += b.text;
      if (b.cache_control) {
        const key = createHash("sha256").update(`${body.model}\u0000${prefix}`).digest("hex");
        const tokens = standInTokens(prefix) - write - read;
        if (cache.has(key)) read += tokens;
        else {
          cache.add(key);
          write += tokens;
        }
        uncachedFrom = i + 1;
      }
    });
    const rest =
      system
        .slice(uncachedFrom)
        .map((b) => b.text)
        .join("") + userText(body);
    return { input_tokens: standInTokens(rest), cache_creation_input_tokens: write, cache_read_input_tokens: read };
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void handle(req, res, Buffer.concat(chunks).toString("utf8"));
    });
  });

  const sendError = (
    res: ServerResponse,
    status: number,
    type: string,
    message: string,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": "req_standin", ...headers });
    res.end(JSON.stringify({ type: "error", error: { type, message } }));
  };

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    if (req.method !== "POST" || !req.url?.startsWith("/v1/messages"))
      return sendError(res, 404, "not_found_error", "no such route");
    let body: StandInRequest["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(res, 400, "invalid_request_error", "body is not JSON");
    }
    const request: StandInRequest = { headers: req.headers, body };
    requests.push(request);
    const key = keyOf(req.headers);
    if (key === undefined || (key !== state.validKey && !options.otherKeys?.includes(key)))
      return sendError(res, 401, "authentication_error", "invalid x-api-key");
    const step = steps.shift() ?? { kind: "reply", text: state.fallback };
    if (step.kind === "error")
      return sendError(res, step.status, step.type, step.message, {
        ...(step.retryAfterMs !== undefined ? { "retry-after-ms": String(step.retryAfterMs) } : {}),
      });
    if (step.kind === "hang") {
      await new Promise((r) => setTimeout(r, step.ms));
      if (!res.destroyed) sendError(res, 500, "api_error", "hung");
      return;
    }
    const text = typeof step.text === "function" ? step.text(request) : step.text;
    const usage = usageOf(body);
    const outputTokens = standInTokens(text);
    const id = `msg_standin_${requests.length}`;
    if (!body.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id,
          type: "message",
          role: "assistant",
          model: body.model,
          content: [{ type: "text", text }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { ...usage, output_tokens: outputTokens },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const event = (name: string, data: unknown) => res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    event("message_start", {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    event("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
    event("ping", { type: "ping" });
    for (let i = 0; i < text.length; i += 16)
      event("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: text.slice(i, i + 16) },
      });
    event("content_block_stop", { type: "content_block_stop", index: 0 });
    event("message_delta", {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: outputTokens },
    });
    event("message_stop", { type: "message_stop" });
    res.end();
  }

  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (s) => {
      steps = [...s];
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(f) {
      state.fallback = f;
    },
    get validKey() {
      return state.validKey;
    },
    set validKey(k) {
      state.validKey = k;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
