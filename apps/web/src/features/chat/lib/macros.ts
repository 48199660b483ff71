/**
 * Card macros in displayed text: {{user}} is the persona's name, {{char}} the character's
 * (SillyTavern's <USER> and <BOT> too). Case and inner spaces do not matter.
 */
export function fillMacros(text: string, names: { user: string; char: string }): string {
  return text.replace(/\{\{\s*(user|char)\s*\}\}|<(user|bot)>/gi, (_, curly?: string, angle?: string) =>
    (curly ?? angle ?? '').toLowerCase() === 'user' ? names.user : names.char,
  );
}
