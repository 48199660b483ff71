import type {
  BrowseItem,
  CharacterDetail,
  CharacterPage,
  CharacterSummary,
  CollectItem,
  ListSort,
  RatingResult,
} from '@lumi/contract';
import { api } from '@/lib/api-client';

/** Create, modify and card export may take up to 200 s (spec §9). */
export const UPLOAD_TIMEOUT_MS = 200_000;

/** The API client waits for the session (tourist login) before these calls. */
const call = <T>(path: string, options: Parameters<typeof api>[1] = {}): Promise<T> => api<T>(path, options);

export interface ListParams {
  page: number;
  page_size?: number;
  sort?: ListSort;
  gender?: 'Female' | 'Male' | undefined;
  NSFW?: boolean | undefined;
  tag?: string | undefined;
}

export const listCharacters = (params: ListParams, signal?: AbortSignal) =>
  call<CharacterPage>('/auth/character/list', {
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
    return await call<CharacterPage>('/auth/character/list-search', {
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
  call<CharacterDetail>('/auth/character/get', {
    query: { id, from: options.fromChat ? 'chat' : undefined },
    silent: options.silent ?? false,
  });

export const myCharacters = (page: number) =>
  call<CharacterPage>('/auth/character/my', { query: { page, page_size: 20 } });

export const likedCharacters = (page: number) =>
  call<CharacterPage<CollectItem>>('/auth/collect/list', { query: { page, page_size: 20 } });

export const recentChats = () => call<CharacterPage<BrowseItem>>('/auth/character_browse/list');

export const deleteRecentChat = (characterId: number) =>
  call<{ deleted: number }>('/auth/character_browse/delete', { json: { characterId } });

/** character/create and character/modify take the form as multipart (fields of spec §3). */
export const createCharacter = (form: FormData) =>
  call<CharacterDetail>('/auth/character/create', {
    formData: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  });

export const modifyCharacter = (form: FormData) =>
  call<CharacterDetail>('/auth/character/modify', {
    formData: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  });

export const deleteCharacter = (id: number) => call<null>('/auth/character/delete', { json: { id } });

export const rateCharacter = (id: number, rating: number) =>
  call<RatingResult>('/auth/character/ratings', { json: { id, rating } });

export const likeCharacter = (characterId: number) =>
  call<null>('/auth/collect/add', { json: { characterId } });

export const unlikeCharacter = (characterId: number) =>
  call<{ deleted: number }>('/auth/collect/delete', { json: { characterId } });

/** The URL that downloads a character as a PNG card (V2 and V3 chunks). */
export const cardUrl = (id: number) => `/cgi-bin/auth/character/card?id=${id}`;

export const approveList = (page: number) =>
  call<CharacterPage>('/auth/character/approve-list', { query: { page, page_size: 20 }, silent: true });

export const adminAllCharacters = (params: {
  page: number;
  approval?: 'pending' | 'approved' | 'rejected' | undefined;
  query?: string | undefined;
}) => call<CharacterPage>('/admin/character/all', { json: { page_size: 20, ...params } });

export const approveCharacter = (id: number, approval: 'approved' | 'rejected') =>
  call<CharacterSummary>('/admin/character/approve', { json: { id, approval } });
