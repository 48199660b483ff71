import { ApiError, apiRaw, reportFailure, type RequestOptions } from './api-client';

/** A file answered by a call, with the response's headers (a job id...). */
export interface ApiFile {
  blob: Blob;
  headers: Headers;
}

const isFile = (response: Response) =>
  response.ok && !(response.headers.get('content-type') ?? '').includes('application/json');

/**
 * Like `api`, for calls that answer a file (text to speech and voice cloning answer the audio):
 * a successful answer that is not JSON is the file; a JSON answer is the envelope of a refusal,
 * handled and thrown exactly as `api` does (100000 logs in and retries once, 100002 opens the
 * credits dialog). Its own module, so pages that never fetch files do not carry it.
 */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<ApiFile> {
  const response = await apiRaw(path, options, '*/*', isFile);
  try {
    return { blob: await response.blob(), headers: response.headers };
  } catch (err) {
    if (options.signal?.aborted) throw err;
    // The body broke off: the network failed or the call's time ran out meanwhile.
    const failure = new ApiError('network', -1, 'network');
    reportFailure(failure, options);
    throw failure;
  }
}
