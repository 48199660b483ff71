import { type ListSort } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

export interface ListParams {
  page: number;
  page_size?: number;
  sort?: ListSort;
  gender?: 'Female' | 'Male' | undefined;
  NSFW?: boolean | undefined;
  tag?: string | undefined;
}

/** GET character/list: a page of the public list, by sort or filter (a home chip). */
export const listCharacters = (params: ListParams, signal?: AbortSignal) =>
  call(API.characterList, {
    query: {
      page: params.page,
      page_size: params.page_size ?? 20,
      sort: params.sort ?? 'dailyRandom',
      gender: params.gender,
      NSFW: params.NSFW === undefined ? undefined : params.NSFW ? 1 : 0,
      tag: params.tag,
    },
    ...(signal ? { signal } : {}),
  });
