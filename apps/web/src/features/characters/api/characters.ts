import { type CharacterPage, type ListSort } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/characters';
import { API_BASE, call, pathOf } from '@/lib/api-client';

/** Create, modify and card export may take up to 200 s (spec §9). */
export const UPLOAD_TIMEOUT_MS = 200_000;

export interface ListParams {
  page: number;
  page_size?: number;
  sort?: ListSort;
  gender?: 'Female' | 'Male' | undefined;
  NSFW?: boolean | undefined;
  tag?: string | undefined;
}

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

/** Search answers an empty list on any failure (spec §7), so it never toasts. */
export async function searchCharacters(
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<CharacterPage> {
  try {
    return await call(API.characterSearch, {
      query: { query, page, page_size: 20 },
      silent: true,
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    return { characters: [], has_more: false, is_admin: false };
  }
}

export const getCharacter = (id: number, options: { fromChat?: boolean; silent?: boolean } = {}) =>
  call(API.characterGet, {
    query: { id, from: options.fromChat ? 'chat' : undefined },
    silent: options.silent ?? false,
  });

export const myCharacters = (page: number) => call(API.characterMine, { query: { page, page_size: 20 } });

export const likedCharacters = (page: number) => call(API.collectList, { query: { page, page_size: 20 } });

export const recentChats = () => call(API.browseList);

export const deleteRecentChat = (characterId: number) => call(API.browseDelete, { json: { characterId } });

/** character/create and character/modify take the form as multipart (fields of spec §3). */
export const createCharacter = (form: FormData) =>
  call(API.characterCreate, {
    formData: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  });

export const modifyCharacter = (form: FormData) =>
  call(API.characterModify, {
    formData: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  });

export const deleteCharacter = (id: number) => call(API.characterDelete, { json: { id } });

export const rateCharacter = (id: number, rating: number) =>
  call(API.characterRate, { json: { id, rating } });

export const likeCharacter = (characterId: number) => call(API.collectAdd, { json: { characterId } });

export const unlikeCharacter = (characterId: number) => call(API.collectDelete, { json: { characterId } });

/** The URL that downloads a character as a PNG card (V2 and V3 chunks). */
export const cardUrl = (id: number) => `${API_BASE}${pathOf(API.characterCard)}?id=${id}`;

export const approveList = (page: number) =>
  call(API.characterApproveList, { query: { page, page_size: 20 }, silent: true });

export const adminAllCharacters = (params: {
  page: number;
  approval?: 'pending' | 'approved' | 'rejected' | undefined;
  query?: string | undefined;
}) => call(API.adminCharacterAll, { json: { page_size: 20, ...params } });

export const approveCharacter = (id: number, approval: 'approved' | 'rejected') =>
  call(API.adminCharacterApprove, { json: { id, approval } });
