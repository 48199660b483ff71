/** The BCP 47 tag for Intl of a route locale or i18next language (`io` is `id`, `kr` is `ko`). */
export { intlLocale } from '@/lib/intl';
