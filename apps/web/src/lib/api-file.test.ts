import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { mockApi } from './api-mocks';
import { apiBlob } from './api-file';

function envelope(code: number, message = '', status = 200) {
  return new Response(JSON.stringify({ code, message, data: null }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

function audio(bytes: number[], type = 'audio/mpeg') {
  return new Response(new Uint8Array(bytes), { headers: { 'content-type': type, 'x-job-id': 'job-1' } });
}

describe('apiBlob: a file, or the envelope of a refusal', () => {
  const mocks = mockApi('en');
  const fetchMock = mocks.fetch;

  it('answers the audio bytes, their type and the headers', async () => {
    fetchMock.mockResolvedValueOnce(audio([0x49, 0x44, 0x33, 4]));
    const { blob, headers } = await apiBlob('/auth/aigc/speech/text-to-speech', { json: { text: 'hi' } });
    expect(blob.type).toBe('audio/mpeg');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x49, 0x44, 0x33, 4]);
    expect(headers.get('x-job-id')).toBe('job-1');
  });

  it('on 100002 opens the credits dialog and throws, without a toast', async () => {
    fetchMock.mockResolvedValueOnce(envelope(100002, 'used up'));
    await expect(apiBlob('/auth/aigc/speech/text-to-speech', { json: {} })).rejects.toMatchObject({
      kind: 'business',
      code: 100002,
    });
    expect(mocks.handlers.onNotEnoughCredits).toHaveBeenCalledTimes(1);
    expect(mocks.handlers.onError).not.toHaveBeenCalled();
  });

  it('on 100000 logs in as a tourist and retries once', async () => {
    fetchMock.mockResolvedValueOnce(envelope(100000, 'no user uid')).mockResolvedValueOnce(audio([1, 2]));
    const { blob } = await apiBlob('/auth/aigc/speech/custom', { formData: new FormData() });
    expect(blob.size).toBe(2);
    expect(mocks.handlers.onNoSession).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("throws the server's message for other refusals; silent calls do not toast", async () => {
    fetchMock.mockResolvedValueOnce(envelope(100001, 'Please record 10 to 20 seconds'));
    await expect(apiBlob('/auth/aigc/speech/custom', { silent: true })).rejects.toMatchObject({
      code: 100001,
      message: 'Please record 10 to 20 seconds',
    });
    expect(mocks.handlers.onError).not.toHaveBeenCalled();
  });

  it('reads the envelope sent with HTTP 413', async () => {
    fetchMock.mockResolvedValueOnce(envelope(100013, 'This file is too large: at most 100 MB.', 413));
    await expect(apiBlob('/auth/aigc/speech/custom')).rejects.toMatchObject({ code: 100013 });
    expect(mocks.handlers.onError).toHaveBeenCalledWith('This file is too large: at most 100 MB.');
  });

  it('a success envelope where a file was expected is a bad response', async () => {
    fetchMock.mockResolvedValueOnce(envelope(0));
    await expect(apiBlob('/auth/x', { silent: true })).rejects.toMatchObject({ kind: 'bad-response' });
  });

  it('an HTTP error that is not an envelope is a bad response, not a file', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const failure = apiBlob('/auth/x', { silent: true });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ kind: 'bad-response' });
  });

  it('on a network failure toasts that the network is abnormal', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiBlob('/auth/x')).rejects.toMatchObject({ kind: 'network' });
    expect(mocks.handlers.onNetworkError).toHaveBeenCalledTimes(1);
  });
});
