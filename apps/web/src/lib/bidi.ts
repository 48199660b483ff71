/**
 * User text (a name, a search, an address) put into a translated sentence, between FSI and PDI
 * (Unicode bidi isolates): in Arabic a Latin name keeps its own order ("LGBTQ+", not "+LGBTQ")
 * and does not drag the sentence's punctuation with it. The marks are invisible. Elements of
 * their own take `dir="auto"` or `<bdi>` instead.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
