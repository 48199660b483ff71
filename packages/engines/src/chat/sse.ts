import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The events of a text/event-stream body as they arrive. Bytes are decoded as a stream, so a
 * character split across network writes comes out whole; comment lines (": keep-alive") and
 * retry fields are consumed by the parser and never surface.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const decoder = new TextDecoder();
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      while (queue.length) yield queue.shift() as EventSourceMessage;
      if (done) return;
    }
  } finally {
    // Stopping early (the consumer broke out, or an error) releases the connection.
    await reader.cancel().catch(() => undefined);
  }
}
