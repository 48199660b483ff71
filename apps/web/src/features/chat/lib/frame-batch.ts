const nextFrame =
  typeof requestAnimationFrame === 'function'
    ? (cb: () => void) => requestAnimationFrame(cb)
    : (cb: () => void) => setTimeout(cb, 16) as unknown as number;
const cancelFrame =
  typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : (id: number) => clearTimeout(id);

/**
 * Text that arrives piece by piece, handed on at most once per frame: a fast stream re-renders
 * the reply (and its Markdown) per frame, not per token. `flush` hands on what is pending now,
 * before anything that must come after it (the end of the reply, an error).
 */
export function frameBatch(deliver: (text: string) => void) {
  let pending = '';
  let frame = 0;
  const flush = () => {
    if (frame) cancelFrame(frame);
    frame = 0;
    if (!pending) return;
    const text = pending;
    pending = '';
    deliver(text);
  };
  return {
    push(text: string) {
      pending += text;
      if (!frame) frame = nextFrame(flush);
    },
    flush,
  };
}
