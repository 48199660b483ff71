import type { Locale } from '../src/locales';
import enMarketing from './en/marketing.json';
import enPages from './en/pages.json';
import enCharacters from './en/characters.json';
import enChat from './en/chat.json';
import zhMarketing from './zh/marketing.json';
import zhPages from './zh/pages.json';
import zhCharacters from './zh/characters.json';
import zhChat from './zh/chat.json';
import jaMarketing from './ja/marketing.json';
import jaPages from './ja/pages.json';
import jaCharacters from './ja/characters.json';
import jaChat from './ja/chat.json';
import arMarketing from './ar/marketing.json';
import arPages from './ar/pages.json';
import arCharacters from './ar/characters.json';
import arChat from './ar/chat.json';
import frMarketing from './fr/marketing.json';
import frPages from './fr/pages.json';
import frCharacters from './fr/characters.json';
import frChat from './fr/chat.json';
import ioMarketing from './io/marketing.json';
import ioPages from './io/pages.json';
import ioCharacters from './io/characters.json';
import ioChat from './io/chat.json';
import krMarketing from './kr/marketing.json';
import krPages from './kr/pages.json';
import krCharacters from './kr/characters.json';
import krChat from './kr/chat.json';
import ptMarketing from './pt/marketing.json';
import ptPages from './pt/pages.json';
import ptCharacters from './pt/characters.json';
import ptChat from './pt/chat.json';
import ruMarketing from './ru/marketing.json';
import ruPages from './ru/pages.json';
import ruCharacters from './ru/characters.json';
import ruChat from './ru/chat.json';
import esMarketing from './es/marketing.json';
import esPages from './es/pages.json';
import esCharacters from './es/characters.json';
import esChat from './es/chat.json';
import viMarketing from './vi/marketing.json';
import viPages from './vi/pages.json';
import viCharacters from './vi/characters.json';
import viChat from './vi/chat.json';

/** The namespaces of the app's strings the server shows too: page titles, marketing text, the chat's first screen. */
export const SHARED_NAMESPACES = ['marketing', 'pages', 'characters', 'chat'] as const;
export type SharedNamespace = (typeof SHARED_NAMESPACES)[number];

/**
 * Those namespaces in every locale, for the server's i18next instance (the web app fetches each
 * file on its own, per locale, through `<locale>/load.ts`; nothing in the app imports this module).
 */
export const SHARED_STRINGS: Record<Locale, Record<SharedNamespace, Record<string, unknown>>> = {
  en: { marketing: enMarketing, pages: enPages, characters: enCharacters, chat: enChat },
  zh: { marketing: zhMarketing, pages: zhPages, characters: zhCharacters, chat: zhChat },
  ja: { marketing: jaMarketing, pages: jaPages, characters: jaCharacters, chat: jaChat },
  ar: { marketing: arMarketing, pages: arPages, characters: arCharacters, chat: arChat },
  fr: { marketing: frMarketing, pages: frPages, characters: frCharacters, chat: frChat },
  io: { marketing: ioMarketing, pages: ioPages, characters: ioCharacters, chat: ioChat },
  kr: { marketing: krMarketing, pages: krPages, characters: krCharacters, chat: krChat },
  pt: { marketing: ptMarketing, pages: ptPages, characters: ptCharacters, chat: ptChat },
  ru: { marketing: ruMarketing, pages: ruPages, characters: ruCharacters, chat: ruChat },
  es: { marketing: esMarketing, pages: esPages, characters: esCharacters, chat: esChat },
  vi: { marketing: viMarketing, pages: viPages, characters: viCharacters, chat: viChat },
};
