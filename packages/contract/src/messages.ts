import type { Locale } from './locales';
import type { MessageFileKey } from './errors';
import en from './messages/en.json';
import zh from './messages/zh.json';
import ja from './messages/ja.json';
import ar from './messages/ar.json';
import fr from './messages/fr.json';
import io from './messages/io.json';
import kr from './messages/kr.json';
import pt from './messages/pt.json';
import ru from './messages/ru.json';
import es from './messages/es.json';
import vi from './messages/vi.json';

/**
 * The server's messages in every locale (`en` is the source; a test checks every key exists),
 * formatted by its i18next instance (apps/server/src/i18n.ts). A message with a number has one
 * key per plural form of the language (`code_wrong_one`…), so not every key is in every file.
 */
export const SERVER_MESSAGES: Record<Locale, Partial<Record<MessageFileKey, string>>> = {
  en,
  zh,
  ja,
  ar,
  fr,
  io,
  kr,
  pt,
  ru,
  es,
  vi,
};
