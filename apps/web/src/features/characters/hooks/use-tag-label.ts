import { CHIPS } from '@lumi/contract';
import { useTranslation } from 'react-i18next';

/** The tags that have a chip, whose name is translated (`chips.names.<tag>`). */
export const CHIP_TAGS: readonly string[] = CHIPS.flatMap((c) =>
  c.filter.kind === 'tag' ? [c.filter.tag] : [],
);
const CHIP_TAG_SET = new Set(CHIP_TAGS);

/**
 * How a character's tag reads: a tag that is also a chip ("Anime", "Corruption") in the page's
 * language, as the chip row shows it; any other tag as its creator wrote it.
 */
export function useTagLabel(): (tag: string) => string {
  const { t } = useTranslation('characters');
  return (tag) => (CHIP_TAG_SET.has(tag) ? t(`chips.names.${tag}`, { defaultValue: tag }) : tag);
}

/**
 * The other way (the create form, issue 24): a tag as typed or picked in the page's language
 * ("Romantique", "رومانسي") is stored as the chip's tag ("Romantic"), so the character is found
 * under that chip and reads translated everywhere; the English name works too, any other tag is
 * kept as written.
 */
export function useChipTag(): (text: string) => string {
  const tagLabel = useTagLabel();
  return (text) => {
    const key = text.trim().toLocaleLowerCase();
    const hit = CHIP_TAGS.find(
      (tag) => tag.toLowerCase() === key || tagLabel(tag).toLocaleLowerCase() === key,
    );
    return hit ?? text.trim();
  };
}
