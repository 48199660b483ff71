import { LOCALE_CODES, type Locale } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { loadLocaleFile, namespaceFiles } from './locale-files';

/**
 * A translated string that reads exactly like the English one is usually a string nobody
 * translated ("© 2026 Lumi AI. All rights reserved." on the Japanese footer, issue 19). Strings
 * with no word in them (placeholders, numbers, signs: `{{n}}/{{max}}`, `18+`, `40-55`) are
 * left alone; every other identical string must be on this list, with the reason a native
 * speaker writes it so. Keep it short: when in doubt, translate.
 */
const SAME_AS_ENGLISH: { texts: string[]; locales: Locale[] | 'all'; why: string }[] = [
  { texts: ['Facebook'], locales: 'all', why: 'a brand name' },
  { texts: ['MP3', 'WAV'], locales: 'all', why: 'file format names' },
  { texts: ['LGBTQ+'], locales: 'all', why: 'written in Latin letters in every one of these languages' },
  {
    texts: ['MLM'],
    locales: ['es', 'fr', 'pt', 'io', 'ar'],
    why: 'the community acronym, used untranslated in these languages',
  },
  {
    texts: ['CEO'],
    locales: ['pt', 'io', 'vi', 'ja', 'kr', 'zh'],
    why: 'the usual title in these languages',
  },
  {
    texts: ['Anime', 'Chibi', 'Mecha', 'Cyberpunk', 'Idol', 'Shonen', 'Shoujo', 'Slice of life', 'Cosplay'],
    locales: ['es', 'fr', 'pt', 'io', 'vi', 'zh'],
    why: 'anime and fan genre names, which fans of these languages write in Latin letters',
  },
  {
    texts: ['Kimono', 'Yukata', 'Hanfu', 'Qipao', 'Sari', 'Abaya', 'Dirndl', 'Bikini', 'Lingerie'],
    locales: ['es', 'fr', 'pt', 'io', 'vi'],
    why: 'garments named in their own language; Latin-script languages borrow the name',
  },
  {
    texts: ['Streetwear', 'Crop top', 'Tank top', 'Hoodie', 'Trench coat', 'Casual'],
    locales: ['fr', 'pt', 'io'],
    why: 'fashion words these languages use as they are',
  },
  {
    texts: ['Afro', 'Latina'],
    locales: ['es', 'fr', 'pt', 'io', 'vi'],
    why: 'Latina is Spanish and Afro its hairstyle’s name everywhere; both are borrowed as they are',
  },
  {
    texts: ['Blackwork', 'Tribal'],
    locales: ['es', 'fr', 'pt', 'io', 'vi'],
    why: 'tattoo style names, kept in English by tattoo artists',
  },
  {
    texts: [
      'Blog',
      'Blog | {{site}}',
      'Chat',
      'Avatar',
      'Prompt',
      'Story',
      'Streamer',
      'Gamer',
      'Fitness',
      'Yoga',
    ],
    locales: ['es', 'fr', 'pt', 'io', 'vi'],
    why: 'internet words these languages took over unchanged ("Story" is the 9:16 format)',
  },
  { texts: ['Email'], locales: ['io', 'vi'], why: 'how Indonesian and Vietnamese sites write it' },
  {
    texts: ['Barista', 'Bartender', 'Chef'],
    locales: ['es', 'fr', 'pt', 'io', 'vi'],
    why: 'job names borrowed as is',
  },
  { texts: ['Personas'], locales: ['es', 'fr', 'pt'], why: 'the word for AI characters in these languages' },
  { texts: ['Total'], locales: ['es', 'fr', 'pt', 'io'], why: 'the same word in these languages' },
  { texts: ['Drama', 'Video'], locales: ['es', 'pt', 'io', 'vi'], why: 'the same word in these languages' },
  { texts: ['Normal'], locales: ['es', 'pt', 'io'], why: 'the same word (the normal speed, issue 24)' },
  {
    texts: ['Detective', 'Plan', 'Multicolor', 'Chats', '{{formatted}} chat', '{{formatted}} chats'],
    locales: ['es'],
    why: 'Spanish words spelled like the English ones',
  },
  {
    texts: [
      'Conversation',
      'Corruption',
      'Description',
      'Dialogue',
      'Dominant',
      'Image',
      'Mature',
      'Message',
      'Messages',
      '{{count}} message',
      '{{count}} messages',
      'Narration',
      'Options',
      'Portrait',
      'Public',
      'Sage',
      'Standard',
      'Style',
      'Suggestions',
      'Test',
      'Tags',
      'Fantasy',
      'Dark fantasy',
    ],
    locales: ['fr'],
    why: 'French words spelled like the English ones (fantasy is the genre’s French name)',
  },
  {
    texts: ['Tags', '{{percent}}% OFF'],
    locales: ['pt'],
    why: 'Brazilian usage ("50% OFF" is the shop badge)',
  },
  {
    texts: ['Arab', 'Astronaut', 'Pilot', 'Model', 'Mentor', 'Gym'],
    locales: ['io'],
    why: 'Indonesian words (KBBI) spelled like the English ones',
  },
  { texts: ['Gothic'], locales: ['vi'], why: 'the style’s name in Vietnamese' },
];

const namespaces = namespaceFiles;
const load = loadLocaleFile;

/** Has a word: letters left once placeholders and markup tags are taken out. */
const hasWords = (text: string) => /\p{L}{2}/u.test(text.replace(/\{\{[^}]*\}\}|<\/?\w+>/g, ''));
const allowed = (locale: Locale, text: string) =>
  SAME_AS_ENGLISH.find((e) => e.texts.includes(text) && (e.locales === 'all' || e.locales.includes(locale)));

/** Every [locale, namespace, key, text] whose text is the English one. */
function sameAsEnglish(): [Locale, string, string, string][] {
  const out: [Locale, string, string, string][] = [];
  for (const ns of namespaces) {
    const english = load('en', ns);
    for (const locale of LOCALE_CODES.filter((l) => l !== 'en')) {
      for (const [key, text] of load(locale, ns)) {
        const source = english.get(key) ?? english.get(key.replace(/_(zero|one|two|few|many)$/, '_other'));
        if (text === source && hasWords(text)) out.push([locale, ns, key, text]);
      }
    }
  }
  return out;
}

describe('strings left in English', () => {
  const found = sameAsEnglish();

  it('none, but for the allow-list', () => {
    const untranslated = found.filter(([locale, , , text]) => !allowed(locale, text)).map((f) => f.join(' '));
    expect(untranslated).toEqual([]);
  });

  it('the allow-list has no entry that is not needed', () => {
    for (const entry of SAME_AS_ENGLISH) {
      for (const text of entry.texts) {
        const used = found.some(([locale, , , t]) => t === text && allowed(locale, t) === entry);
        expect(used, `"${text}" (${entry.why}) is no longer identical anywhere`).toBe(true);
      }
    }
  });

  it('sees the footer of issue 19 if it comes back', () => {
    expect(hasWords('© {{year}} {{site}}. All rights reserved.')).toBe(true);
    expect(allowed('ja', 'All rights reserved.')).toBeUndefined();
    expect(hasWords('{{plan}} · {{credits}} · {{price}}')).toBe(false);
  });
});
