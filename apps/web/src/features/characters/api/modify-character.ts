import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';
import { UPLOAD_TIMEOUT_MS } from './create-character';

/** character/modify takes the form as multipart, as create does. */
export const modifyCharacter = (form: FormData) =>
  call(API.characterModify, {
    formData: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  });
