import { CHIPS } from '@lumi/contract';
import { useTranslation } from 'react-i18next';

/** The tags that have a chip, whose name is translated (`chips.names.<tag>`). */
const CHIP_TAGS = new Set(CHIPS.filter((c) => c.filter.kind === 'tag').map((c) => c.id));

/**
 * How a character's tag reads: a tag that is also a chip ("Anime", "Corruption") in the page's
 * language, as the chip row shows it; any other tag as its creator wrote it.
 */
export function useTagLabel(): (tag: string) => string {
  const { t } = useTranslation('characters');
  return (tag) => (CHIP_TAGS.has(tag) ? t(`chips.names.${tag}`, { defaultValue: tag }) : tag);
}
