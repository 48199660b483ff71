/**
 * A character's look (issue 22): the appearance a picture of them is drawn from, drawn from the
 * description when the character has none written, and the words a chat message asks for a
 * picture with. Both are small, honest rules (decisions.md, "Character look and pictures in
 * chat"): they read words, they do not understand them.
 */

import { CHARACTER_LIMITS } from './characters';
import { CARD_EXTENSION_KEY } from './lineage';
import { isRecord } from './records';

/** The longest appearance (the form's field, a card's extension). */
export const APPEARANCE_MAX = CHARACTER_LIMITS.appearance;

/** Where a card carries the appearance: `extensions.lumi.appearance` (a string). */
export const APPEARANCE_KEY = 'appearance';

/** The appearance a card's extensions carry (trimmed, within APPEARANCE_MAX), if any. */
export function readCardAppearance(extensions: Record<string, unknown>): string | undefined {
  const own = extensions[CARD_EXTENSION_KEY];
  const value = isRecord(own) ? own[APPEARANCE_KEY] : undefined;
  if (typeof value !== 'string' || !value.trim()) return undefined;
  return value.trim().slice(0, APPEARANCE_MAX);
}

/**
 * The extensions without the appearance (the character keeps it in its own column and writes it
 * back on export); the namespace goes too when nothing else is in it.
 */
export function withoutCardAppearance(extensions: Record<string, unknown>): Record<string, unknown> {
  const own = extensions[CARD_EXTENSION_KEY];
  if (!isRecord(own) || !(APPEARANCE_KEY in own)) return extensions;
  const { [APPEARANCE_KEY]: _look, ...rest } = own;
  const { [CARD_EXTENSION_KEY]: _own, ...others } = extensions;
  return Object.keys(rest).length > 0 ? { ...others, [CARD_EXTENSION_KEY]: rest } : others;
}

/** The extensions with the appearance in them (unchanged when it is empty). */
export function withCardAppearance(
  extensions: Record<string, unknown>,
  appearance: string,
): Record<string, unknown> {
  if (!appearance.trim()) return extensions;
  const own = extensions[CARD_EXTENSION_KEY];
  return {
    ...extensions,
    [CARD_EXTENSION_KEY]: { ...(isRecord(own) ? own : {}), [APPEARANCE_KEY]: appearance },
  };
}

/**
 * Words that say how someone looks, in the 11 interface languages: hair, eyes, height, skin,
 * marks, clothes, build, face. Latin, Cyrillic, Arabic and Vietnamese words match at a word's
 * start (so "hair" finds "haired", "волос" finds "волосы"); Chinese, Japanese and Korean ones
 * anywhere, as those scripts do not space words.
 */
const LOOK_WORDS: readonly string[] = [
  // English
  ...'hair|eye|tall|height|skin|freckle|tattoo|scar|beard|glasses|lips|wears|wearing|dressed|dress|outfit|uniform|slender|muscular|petite|curvy|figure|face|complexion|blonde|brunette|redhead|pale|tanned'.split(
    '|',
  ),
  // French
  ...'cheveu|yeux|peau|taches de rousseur|tatouage|cicatrice|barbe|lunettes|lèvres|porte|vêtu|robe|tenue|uniforme|silhouette|mince|musclé|visage|blond|brune|rousse'.split(
    '|',
  ),
  // Spanish and Portuguese
  ...'pelo|cabello|cabelo|ojos|olhos|piel|pele|pecas|sardas|tatuaje|tatuagem|cicatriz|barba|gafas|óculos|labios|lábios|lleva|viste|veste|vestid|delgad|magra|musculos|rostro|rosto|rubia|loira|morena|pelirroja|ruiva'.split(
    '|',
  ),
  // Russian
  ...'волос|глаз|высок|кож|веснушк|татуиров|шрам|бород|очк|губ|носит|одет|плать|стройн|мускулист|лиц|блондин|брюнет|рыж'.split(
    '|',
  ),
  // Indonesian
  ...'rambut|mata|tinggi|kulit|bintik|tato|bekas luka|jenggot|kacamata|bibir|memakai|mengenakan|berpakaian|gaun|seragam|langsing|berotot|wajah|pirang'.split(
    '|',
  ),
  // Vietnamese
  ...'tóc|mắt|vóc dáng|làn da|tàn nhang|hình xăm|vết sẹo|râu|kính|môi|mặc|váy|đồng phục|mảnh mai|cơ bắp|khuôn mặt|gương mặt'.split(
    '|',
  ),
  // Arabic
  ...'شعر|عيون|عينا|طويل|بشرة|نمش|وشم|ندبة|لحية|نظارة|شفاه|ترتدي|يرتدي|فستان|نحيف|عضلي|وجه|أشقر|شقراء'.split(
    '|',
  ),
];

const CJK_LOOK_WORDS: readonly string[] = [
  // Chinese
  ...'头发|頭髮|长发|短发|金发|黑发|眼睛|眸|身高|皮肤|肌肤|雀斑|纹身|伤疤|胡子|眼镜|嘴唇|穿着|身穿|裙|制服|身材|苗条|肌肉|脸'.split(
    '|',
  ),
  // Japanese
  ...'髪|瞳|目が|目は|の目|身長|肌|そばかす|タトゥー|刺青|傷跡|ひげ|眼鏡|メガネ|唇|着て|ドレス|体型|スリム|筋肉|顔'.split(
    '|',
  ),
  // Korean
  ...'머리카락|머리는|눈동자|눈은|키가|피부|주근깨|문신|흉터|수염|안경|입술|입고|드레스|교복|제복|몸매|날씬|근육|얼굴|금발|흑발'.split(
    '|',
  ),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LOOK_AT_WORD_START = new RegExp(`(?:^|[^\\p{L}\\p{M}])(?:${LOOK_WORDS.map(escape).join('|')})`, 'iu');

/** Whether a sentence says something about how someone looks. */
export function describesLooks(sentence: string): boolean {
  return LOOK_AT_WORD_START.test(sentence) || CJK_LOOK_WORDS.some((w) => sentence.includes(w));
}

/** A text's sentences: ended by . ! ? (and their full-width forms), or a line break. */
function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?。！？\n]+(?:[.!?。！？]+|$)/gmu) ?? []).map((s) => s.trim()).filter(Boolean);
}

/**
 * The appearance drawn from a description, for a character with none written: the sentences of
 * the description that describe looks (describesLooks), in their order, up to APPEARANCE_MAX
 * characters. Empty when none does: a picture is then drawn from the name and category alone.
 */
export function appearanceFromDescription(description: string): string {
  let out = '';
  for (const sentence of sentencesOf(description)) {
    if (!describesLooks(sentence)) continue;
    const next = out ? `${out} ${sentence}` : sentence;
    if (next.length > APPEARANCE_MAX) break;
    out = next;
  }
  return out;
}

/**
 * Asking for a picture in words, per language: a verb of sending or showing (an imperative or
 * a "can you" form) near a word for a picture, or "a picture of you". A statement ("I sent you
 * a photo") or a figure of speech ("picture this") is no request.
 */
const PICTURE_REQUESTS: readonly RegExp[] = [
  // English
  /\b(?:send|show|snap|share|take)\s+(?:me|us)\s+(?:\w+\s+){0,3}(?:pic|pics|picture|pictures|photo|photos|selfie|selfies|photograph|image)\b/i,
  /\b(?:send|show)\s+(?:a|another|one|some|your)\s+(?:\w+\s+){0,2}(?:pic|picture|photo|selfie|image)s?\b/i,
  /\b(?:pic|picture|photo|selfie|image)s?\s+of\s+(?:you|yourself)\b/i,
  /\bcan\s+i\s+see\s+(?:a\s+)?(?:pic|picture|photo|selfie)/i,
  // French
  /\b(?:envoie|envoies|envoyez|montre|montrez)[-\s]+(?:moi|nous)\b.{0,30}\b(?:photo|image|selfie)s?\b/iu,
  /\b(?:photo|selfie|image)s?\s+de\s+toi\b/iu,
  // Spanish
  /\b(?:mándame|mandame|envíame|enviame|muéstrame|muestrame|pásame|pasame)\b.{0,30}\b(?:foto|imagen|selfie)s?\b/iu,
  /\bfotos?\s+tuyas?\b/iu,
  // Portuguese
  /\b(?:me\s+)?(?:manda|mande|envia|envie|mostra|mostre)(?:-me)?\b.{0,30}\b(?:foto|imagem|selfie)s?\b/iu,
  /\bfotos?\s+(?:sua|tua)s?\b/iu,
  // Russian
  /(?:пришли|пришлите|отправь|отправьте|покажи|покажите|скинь|скиньте)\s.{0,30}(?:фото|фотк|снимок|картинк|селфи)/iu,
  // Indonesian
  /\b(?:kirim|kirimkan|kirimin|tunjukkan|tunjukin)\b.{0,30}\b(?:foto|gambar|selfie|fotomu)\b/iu,
  // Vietnamese
  /(?:gửi|cho\s+(?:anh|em|tôi|mình|tớ)\s+xem)\s.{0,30}(?:ảnh|hình|selfie)/iu,
  // Arabic
  /(?:أرسل|ارسل|أرسلي|ارسلي|ابعث|ابعثي|ابعتي|ابعتلي|أرني|أريني|اريني|وريني|فرجيني)\s*.{0,30}(?:صورة|صورتك|صوره|سيلفي)/u,
  // Chinese
  /(?:发|發|给我|給我|传|傳)(?:我|张|張|一张|一張|个|個|\s)*.{0,6}(?:照片|图片|圖片|自拍|相片)/u,
  // Japanese
  /(?:写真|画像|自撮り|セルフィー).{0,8}(?:送って|見せて|ちょうだい|ください|欲しい|ほしい)/u,
  // Korean
  /(?:사진|셀카).{0,8}(?:보내|보여|줘|주세요)/u,
];

/** Whether a chat message asks the character for a picture (PICTURE_REQUESTS). */
export function asksForPicture(message: string): boolean {
  const text = message.normalize('NFC');
  return PICTURE_REQUESTS.some((re) => re.test(text));
}
