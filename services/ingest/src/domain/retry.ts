import type { RetryPolicy } from "../handlers/command-message.ts";

/** Exponential backoff for the nth delivery (1-based): base, 2×base, 4×base... capped. */
export function backoffDelayMs(deliveryCount: number, policy: RetryPolicy): number {
  const exp = Math.max(0, Math.min(deliveryCount - 1, 30));
  return Math.min(policy.baseDelayMs * 2 ** exp, policy.maxDelayMs);
}

/** True when this delivery is the last the consumer will make. */
export function isLastDelivery(deliveryCount: number, policy: RetryPolicy): boolean {
  return deliveryCount >= policy.maxDeliver;
}
