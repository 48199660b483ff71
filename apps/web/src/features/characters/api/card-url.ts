import * as API from '@lumi/contract/api-routes/characters';
import { API_BASE, pathOf } from '@/lib/api-client';

/** The URL that downloads a character as a PNG card (V2 and V3 chunks). */
export const cardUrl = (id: number) => `${API_BASE}${pathOf(API.characterCard)}?id=${id}`;
