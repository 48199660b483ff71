import type { Locale } from './locales';

/**
 * A crisis line, shown before the reply to a message that expressed self-harm or suicidal
 * intent (issue 18, California SB 243). One per interface language: the country most people
 * reading that language on this site live in. The texts are in that language, so the notice
 * reads as one sentence.
 *
 * Written without network access and not re-checked against the sources: an operator verifies
 * each `source` before launch and edits this table (it is reviewed code with a test, which is
 * why there is no environment setting for it). docs/safety.md lists the choices made.
 */
export interface CrisisLine {
  kind: 'line';
  locale: Locale;
  /** ISO 3166-1 alpha-2 code of the country the line serves. */
  country: string;
  /** That country's name, in the locale's language. */
  countryName: string;
  /** The service's name, in the locale's language. */
  name: string;
  /** The number as people there write it. */
  phone: string;
  /** What a `tel:` link dials: digits, with a leading + for an international form. */
  dial: string;
  /** The number that also takes text messages, when the line takes them. */
  sms?: string;
  /** When someone answers, in the locale's language; left out where it varies or is not known. */
  hours?: string;
  /** Calls cost nothing: the notice says "free" only then. */
  free: boolean;
  /** The line's own page (chat, other ways to reach it). */
  url: string;
  /** The number for immediate danger in that country. */
  emergency: string;
  /** The official page this entry relies on. */
  source: string;
}

/** For a language without a line (none today): a directory of lines in every country. */
export interface CrisisFallback {
  kind: 'fallback';
  name: string;
  url: string;
  source: string;
}

export const CRISIS_FALLBACK: CrisisFallback = {
  kind: 'fallback',
  name: 'Find A Helpline',
  url: 'https://findahelpline.com',
  source: 'https://findahelpline.com',
};

export const CRISIS_LINES: Readonly<Record<Locale, CrisisLine>> = {
  en: {
    kind: 'line',
    locale: 'en',
    country: 'US',
    countryName: 'United States',
    name: '988 Suicide & Crisis Lifeline',
    phone: '988',
    dial: '988',
    sms: '988',
    hours: '24/7',
    free: true,
    url: 'https://988lifeline.org',
    emergency: '911',
    source: 'https://988lifeline.org/',
  },
  zh: {
    kind: 'line',
    locale: 'zh',
    country: 'CN',
    countryName: '中国大陆',
    // The national number of the National Health Commission, open in every province since 2025;
    // hours are set by each province, so none are promised here.
    name: '12356 心理援助热线',
    phone: '12356',
    dial: '12356',
    free: false,
    url: 'https://www.nhc.gov.cn',
    emergency: '120',
    source: 'https://www.nhc.gov.cn/xcs/c100122/202507/4819417642d4432fb9f227e1e10ca616.shtml',
  },
  ja: {
    kind: 'line',
    locale: 'ja',
    country: 'JP',
    countryName: '日本',
    // A freephone line open around the clock (いのちの電話's 0570 number is paid and has hours).
    name: 'よりそいホットライン',
    phone: '0120-279-338',
    dial: '0120279338',
    hours: '24時間',
    free: true,
    url: 'https://www.since2011.net/yorisoi/',
    emergency: '119',
    source: 'https://www.mhlw.go.jp/mamorouyokokoro/soudan/tel/',
  },
  ar: {
    kind: 'line',
    locale: 'ar',
    country: 'SA',
    countryName: 'المملكة العربية السعودية',
    name: 'المركز الوطني لتعزيز الصحة النفسية',
    phone: '920033360',
    dial: '920033360',
    free: false,
    url: 'https://ncmh.org.sa',
    emergency: '997',
    source: 'https://ncmh.org.sa/',
  },
  fr: {
    kind: 'line',
    locale: 'fr',
    country: 'FR',
    countryName: 'France',
    name: '3114, numéro national de prévention du suicide',
    phone: '3114',
    dial: '3114',
    hours: '24 h/24, 7 j/7',
    free: true,
    url: 'https://3114.fr',
    emergency: '112',
    source: 'https://3114.fr/',
  },
  io: {
    kind: 'line',
    locale: 'io',
    country: 'ID',
    countryName: 'Indonesia',
    // The Ministry of Health's line (formerly SEJIWA): dial 119, then extension 8.
    name: 'Healing119 (Kemenkes)',
    phone: '119 ekstensi 8',
    dial: '119',
    free: false,
    url: 'https://www.healing119.id',
    emergency: '112',
    source: 'https://www.healing119.id/',
  },
  kr: {
    kind: 'line',
    locale: 'kr',
    country: 'KR',
    countryName: '대한민국',
    // One number for suicide prevention since January 2024 (it replaced 1393 and others).
    name: '자살예방상담전화',
    phone: '109',
    dial: '109',
    hours: '24시간',
    free: false,
    url: 'https://www.kfsp.or.kr',
    emergency: '119',
    source: 'https://www.mohw.go.kr/',
  },
  pt: {
    kind: 'line',
    locale: 'pt',
    country: 'BR',
    countryName: 'Brasil',
    name: 'CVV – Centro de Valorização da Vida',
    phone: '188',
    dial: '188',
    hours: '24 horas',
    free: true,
    url: 'https://cvv.org.br',
    emergency: '192',
    source: 'https://cvv.org.br/',
  },
  ru: {
    kind: 'line',
    locale: 'ru',
    country: 'RU',
    countryName: 'Россия',
    // A federal line for adults; the national free line 8-800-2000-122 is for children and teens.
    name: 'Телефон доверия психологической помощи МЧС России',
    phone: '+7 (495) 989-50-50',
    dial: '+74959895050',
    hours: 'круглосуточно',
    free: false,
    url: 'https://psi.mchs.gov.ru',
    emergency: '112',
    source: 'https://psi.mchs.gov.ru/',
  },
  es: {
    kind: 'line',
    locale: 'es',
    country: 'ES',
    countryName: 'España',
    name: 'Línea 024 de atención a la conducta suicida',
    phone: '024',
    dial: '024',
    hours: '24 horas',
    free: true,
    url: 'https://www.sanidad.gob.es/linea024/',
    emergency: '112',
    source: 'https://www.sanidad.gob.es/linea024/',
  },
  vi: {
    kind: 'line',
    locale: 'vi',
    country: 'VN',
    countryName: 'Việt Nam',
    // Vietnam has no national adult line open around the clock; 111 is for children.
    name: 'Đường dây nóng Ngày Mai',
    phone: '096 306 1414',
    dial: '+84963061414',
    hours: '13:00–20:30, thứ Tư đến Chủ nhật',
    free: false,
    url: 'https://duongdaynongngaymai.vn',
    emergency: '115',
    source: 'https://duongdaynongngaymai.vn/hotline/',
  },
};

/** The line for a reader's interface language, or the international directory. */
export function crisisLine(locale: string): CrisisLine | CrisisFallback {
  return Object.hasOwn(CRISIS_LINES, locale) ? CRISIS_LINES[locale as Locale] : CRISIS_FALLBACK;
}
