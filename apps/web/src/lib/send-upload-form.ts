import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { API_BASE } from './api-base-url';
import type { Envelope } from './base-api';
import type { RootState } from './store/root-reducer';
import { getRefreshSession } from './store/store-extra';
import { UploadError, uploadWithProgress } from './upload-with-progress';

/**
 * A multipart form sent with upload progress (XMLHttpRequest, lib/upload-with-progress), for
 * an RTK Query `queryFn`: answered as RTK Query answers any call, so the cache, the tags and
 * the error toasts work as usual.
 */
// T is the caller's word for what the server answers; nothing here can check it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function sendUploadForm<T>(
  api: BaseQueryApi,
  path: string,
  body: FormData,
  onProgress: ((fraction: number) => void) | undefined,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  try {
    const envelope = await uploadWithProgress<Envelope<T>>({
      url: `${API_BASE}${path}`,
      body,
      getToken: () => (api.getState() as RootState).auth.token,
      refreshSession: () => getRefreshSession(api.extra)(api.dispatch),
      ...(onProgress ? { onProgress } : {}),
    });
    return { data: envelope.data };
  } catch (error) {
    if (error instanceof UploadError) return { error: error.detail };
    return { error: { status: 'CUSTOM_ERROR' as const, error: String(error) } };
  }
}
