/** One event to publish: a subject, a protobuf payload and the headers to carry. */
export interface OutgoingEvent {
  subject: string;
  data: Uint8Array;
  headers: Record<string, string>;
  /** Deduplication id: a redelivered command that publishes again is dropped by the stream. */
  msgId: string;
}

/** Where handlers publish events. Resolves once the stream has stored the event. */
export interface EventPublisher {
  publish(event: OutgoingEvent): Promise<void>;
}
