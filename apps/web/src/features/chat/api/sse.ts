import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One server-sent event: its name ('message' when none is given) and its data. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream body as they arrive (eventsource-parser does the format:
 * any line ends, comments, fields split across chunks). Bytes are decoded as a stream, so a
 * character split between two network packets comes out whole.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      while (queue.length) {
        const next = queue.shift() as EventSourceMessage;
        yield { event: next.event ?? 'message', data: next.data };
      }
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
