/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE: readonly number[] = [137, 80, 78, 71, 13, 10, 26, 10];

/** Whether bytes start as a PNG file does (the web's photo checks, card imports, the engines' image sniffing). */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}
