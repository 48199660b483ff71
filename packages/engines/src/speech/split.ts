/**
 * Splits a long text into pieces of at most `max` characters, at sentence ends where it can
 * (., !, ?, …, and the CJK and Arabic full stops), then at commas or spaces, so each piece can
 * be spoken on its own and the audio joined.
 */
export function splitSentences(text: string, max = 400): string[] {
  const sentences = text.match(/[^.!?…。！？؟]+[.!?…。！？؟]*["'”’)\]]*\s*/gu) ?? [text];
  const pieces: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) pieces.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if ((current + sentence).length <= max) {
      current += sentence;
      continue;
    }
    push();
    if (sentence.length <= max) {
      current = sentence;
      continue;
    }
    // A sentence longer than a piece: cut at the last comma or space before the limit.
    let rest = sentence;
    while (rest.length > max) {
      const window = rest.slice(0, max);
      const cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('，'), window.lastIndexOf(' '));
      const at = cut > max / 2 ? cut + 1 : max;
      pieces.push(rest.slice(0, at).trim());
      rest = rest.slice(at);
    }
    current = rest;
  }
  push();
  return pieces;
}
