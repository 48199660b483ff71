const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or a quoted attribute value: the five characters HTML gives meaning to. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITY[c]!);
