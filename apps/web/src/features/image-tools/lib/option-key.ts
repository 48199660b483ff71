/**
 * The translation key of a girl builder value (`builder.<field>.<key>`): the values are English
 * phrases with spaces and symbols ('school mate', '18+', 't-shirt and jeans'), which i18next
 * keys should not carry, so every character that is not a letter or digit becomes '_'.
 */
export function optionKey(value: string): string {
  return value.replace(/[^a-zA-Z0-9]/g, '_');
}
