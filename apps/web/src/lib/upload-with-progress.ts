import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

interface UploadRequest {
  url: string;
  body: FormData;
  /** Read before each attempt, so the retry after a refresh carries the new token. */
  getToken: () => string | undefined;
  /** The shared session refresh (docs/product.md §4); resolves true when a new token is in the store. */
  refreshSession: () => Promise<boolean>;
  /** Share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** A failed upload; `detail` is the error shape RTK Query gives for any failed call. */
export class UploadError extends Error {
  constructor(readonly detail: FetchBaseQueryError) {
    super(`Upload failed (${String(detail.status)})`);
    this.name = 'UploadError';
  }
}

interface RawResponse {
  status: number;
  text: string;
}

/** One POST. Rejects only when no answer came back (network down, request aborted). */
function send(request: UploadRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    // The same as every other call: raw token (docs/product.md §6), cookies included.
    xhr.withCredentials = true;
    const token = request.getToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress?.(Math.min(event.loaded / event.total, 1));
      }
    });
    xhr.addEventListener('load', () => {
      resolve({ status: xhr.status, text: xhr.responseText });
    });
    const fail = (what: string) => () => {
      reject(new UploadError({ status: 'FETCH_ERROR', error: what }));
    };
    xhr.addEventListener('error', fail('TypeError: Failed to fetch'));
    xhr.addEventListener('abort', fail('AbortError: The upload was stopped'));
    xhr.addEventListener('timeout', fail('TimeoutError: The upload took too long'));
    xhr.send(request.body);
  });
}

function parse(text: string): { isJson: boolean; value: unknown } {
  try {
    return { isJson: true, value: JSON.parse(text) as unknown };
  } catch {
    return { isJson: false, value: text };
  }
}

/**
 * Sends a multipart form with XMLHttpRequest, because fetch cannot report upload progress.
 * It behaves like the RTK Query base (lib/base-api.ts): on 403 the shared session refresh runs
 * once and the upload is sent once more (docs/product.md §4). Resolves to the success envelope; rejects
 * with an UploadError whose `detail` is the error shape RTK Query uses, so the error toasts and
 * field messages read it as any other failed call.
 */
export async function uploadWithProgress<T>(request: UploadRequest): Promise<T> {
  let response = await send(request);
  if (response.status === 403 && (await request.refreshSession())) {
    request.onProgress?.(0);
    response = await send(request);
  }
  const body = parse(response.text);
  const isOk = response.status >= 200 && response.status < 300;
  if (isOk && body.isJson) return body.value as T;
  throw new UploadError(
    isOk
      ? {
          status: 'PARSING_ERROR',
          originalStatus: response.status,
          data: response.text,
          error: 'The answer was not JSON',
        }
      : { status: response.status, data: body.value },
  );
}
