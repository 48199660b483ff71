import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** POST admin/character/all: every character, by approval state or query (admins). */
export const adminAllCharacters = (params: {
  page: number;
  approval?: 'pending' | 'approved' | 'rejected' | undefined;
  query?: string | undefined;
}) => call(API.adminCharacterAll, { json: { page_size: 20, ...params } });
