import type * as LocaleLoader from './en/load';

/**
 * A locale's map of its namespaces (its `load.ts`, in the chunk of its home strings), fetched when
 * the app starts in it. Here, next to the folders, so the app's map of the 11 files holds short
 * paths (`./ar/load.ts`).
 */
export const loadLocale = (locale: string) => import(`./${locale}/load.ts`) as Promise<typeof LocaleLoader>;
