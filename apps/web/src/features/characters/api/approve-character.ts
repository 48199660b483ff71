import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** POST admin/character/approve: approves or rejects a character (admins). */
export const approveCharacter = (id: number, approval: 'approved' | 'rejected') =>
  call(API.adminCharacterApprove, { json: { id, approval } });
