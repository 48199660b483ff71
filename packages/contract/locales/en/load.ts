/** This locale's namespaces, each fetched when first needed (lib/i18n.ts loads this file first). */
export const loadNamespace = (namespace: string) =>
  import(`./${namespace}.json`) as Promise<{ default: Record<string, unknown> }>;
