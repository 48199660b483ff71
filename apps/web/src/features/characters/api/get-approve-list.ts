import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** GET character/approve-list: a page of the characters waiting for review. */
export const approveList = (page: number) =>
  call(API.characterApproveList, { query: { page, page_size: 20 }, silent: true });
