import { AsyncLocalStorage } from "node:async_hooks";
import { LexnavError } from "@lexnav/core";
import type { Principal } from "@lexnav/retrieval";

/**
 * What a request carries to every call it makes downstream: its deadline (epoch milliseconds) and the
 * principal it is answered for. A served call sets them (`unaryHandler`), so a port call deep inside the
 * handler (`RemoteReranker.rerank`) forwards the remaining budget and the asker without every layer
 * between passing them along: the ports stay what they are in the single process.
 */
export interface CallContext {
  /** When the caller stops waiting (epoch ms); absent: no deadline. */
  deadline?: number;
  principal?: Principal;
}

const storage = new AsyncLocalStorage<CallContext>();

/** Runs `fn` with `context` over the current one: a deadline only ever tightens, never extends. */
export function withCallContext<T>(context: CallContext, fn: () => T): T {
  const outer = storage.getStore() ?? {};
  const deadline =
    context.deadline === undefined
      ? outer.deadline
      : outer.deadline === undefined
        ? context.deadline
        : Math.min(outer.deadline, context.deadline);
  const principal = context.principal ?? outer.principal;
  return storage.run({ ...(deadline !== undefined ? { deadline } : {}), ...(principal ? { principal } : {}) }, fn);
}

/** The current request's context (empty outside one). */
export function currentCallContext(): CallContext {
  return storage.getStore() ?? {};
}

/**
 * The deadline of a call made now: the request's own, tightened to `timeoutMs` from now when given (a
 * client's cap on one call); undefined when neither is set.
 */
export function deadlineFor(timeoutMs?: number): number | undefined {
  const own = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const outer = currentCallContext().deadline;
  if (own === undefined) return outer;
  return outer === undefined ? own : Math.min(own, outer);
}

/** The error of a budget spent: the caller has stopped waiting, so nothing retries it within the request. */
export function deadlineExceeded(what: string): LexnavError {
  return new LexnavError("deadline_exceeded", `${what} did not finish within the caller's deadline`);
}

/**
 * `work` bounded by the current deadline: it rejects with `deadline_exceeded` when the deadline passes
 * first (at once when it has passed already, without starting `work`), so a handler answers at the
 * deadline instead of when a slow model finishes. Work already running is not interrupted (a model call
 * cannot be), but its result is dropped.
 */
export async function beforeDeadline<T>(what: string, work: () => Promise<T>): Promise<T> {
  const deadline = currentCallContext().deadline;
  if (deadline === undefined) return work();
  const left = deadline - Date.now();
  if (left <= 0) throw deadlineExceeded(what);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadlineExceeded(what)), left);
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}
