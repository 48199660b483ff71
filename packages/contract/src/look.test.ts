import { describe, expect, it } from 'vitest';
import { APPEARANCE_MAX, appearanceFromDescription, asksForPicture } from './look';

describe('the appearance drawn from a description', () => {
  it('keeps the sentences that describe looks, in order, and drops the rest', () => {
    const description =
      'Mira keeps the lighthouse on the northern cape. She has long silver hair and grey eyes. ' +
      'She loves storms and old maps! Tall and slender, she wears a yellow raincoat.\nShe never lies.';
    expect(appearanceFromDescription(description)).toBe(
      'She has long silver hair and grey eyes. Tall and slender, she wears a yellow raincoat.',
    );
  });

  it('reads every interface language', () => {
    const cases: [string, string][] = [
      ['Elle a les cheveux roux. Elle aime le thé.', 'Elle a les cheveux roux.'],
      ['Tiene el pelo negro y ojos verdes. Vive en Madrid.', 'Tiene el pelo negro y ojos verdes.'],
      ['Ela tem cabelo castanho. Gosta de café.', 'Ela tem cabelo castanho.'],
      ['У неё длинные волосы. Она любит чай.', 'У неё длинные волосы.'],
      ['Dia punya rambut hitam panjang. Dia suka kopi.', 'Dia punya rambut hitam panjang.'],
      ['Cô ấy có mái tóc dài. Cô ấy thích trà.', 'Cô ấy có mái tóc dài.'],
      ['لديها شعر أسود طويل. تحب القهوة.', 'لديها شعر أسود طويل.'],
      ['她有一头银色的长发。她喜欢喝茶。', '她有一头银色的长发。'],
      ['彼女は銀色の髪をしている。紅茶が好き。', '彼女は銀色の髪をしている。'],
      ['그녀는 금발 머리카락을 가졌다. 차를 좋아한다.', '그녀는 금발 머리카락을 가졌다.'],
    ];
    for (const [description, look] of cases) expect(appearanceFromDescription(description)).toBe(look);
  });

  it('is empty when no sentence describes looks, and stays within the limit', () => {
    expect(appearanceFromDescription('A retired sailor who tells stories.')).toBe('');
    const long = Array.from({ length: 60 }, (_, i) => `She has hair of colour number ${i}.`).join(' ');
    const look = appearanceFromDescription(long);
    expect(look.length).toBeLessThanOrEqual(APPEARANCE_MAX);
    expect(look.startsWith('She has hair of colour number 0.')).toBe(true);
  });
});

describe('asking for a picture in words', () => {
  const asks = [
    'Send me a picture',
    'can you send me a selfie?',
    'show me a photo of your room',
    'I want a picture of you at the beach',
    'Envoie-moi une photo',
    'Mándame una foto, por favor',
    'Me manda uma foto sua',
    'Пришли мне фото',
    'Kirim foto dong',
    'Gửi cho anh một tấm ảnh đi',
    'أرسلي لي صورة',
    '发一张照片给我',
    '写真を送って',
    '사진 보내줘',
  ];
  const statements = [
    'I sent you a photo yesterday',
    'Picture this: a castle by the sea',
    'That picture on the wall is old',
    'Hello, how are you?',
    'أحب التصوير',
    '我昨天拍了照片',
    '写真が好きです',
  ];

  it.each(asks)('hears a request: %s', (text) => expect(asksForPicture(text)).toBe(true));
  it.each(statements)('hears no request: %s', (text) => expect(asksForPicture(text)).toBe(false));
});
