import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type { EventSourceMessage };

/**
 * The events of a text/event-stream body as they arrive, for the server (an OpenAI-compatible
 * backend's chunks) and the page (our own chat stream) alike. eventsource-parser does the format:
 * any line ends, comment lines (": keep-alive"), fields split across chunks. Bytes are decoded
 * as a stream, so a character split across network writes comes out whole. Stopping early (the
 * consumer breaks out, or an error) releases the connection.
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<EventSourceMessage> {
  const decoder = new TextDecoder();
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  // A page's fetch body (a ReadableStream, not iterable in every browser) or a Node stream.
  const chunks = 'getReader' in body ? readerChunks(body) : body;
  for await (const chunk of chunks) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    while (queue.length) yield queue.shift() as EventSourceMessage;
  }
  parser.feed(decoder.decode());
  while (queue.length) yield queue.shift() as EventSourceMessage;
}

async function* readerChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
