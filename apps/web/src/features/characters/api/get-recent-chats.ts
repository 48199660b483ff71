import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** GET character_browse/list: the characters the user chatted with, latest first (one page). */
export const recentChats = () => call(API.browseList);
