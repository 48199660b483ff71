import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** Create, modify and card export may take up to 200 s (spec §9). */
export const UPLOAD_TIMEOUT_MS = 200_000;

/** character/create takes the form as multipart (fields of spec §3). */
export const createCharacter = (form: FormData) =>
  call(API.characterCreate, {
    formData: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  });
