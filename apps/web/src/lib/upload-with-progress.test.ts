import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../app/store';
import { signedInState } from '../testing/render';
import type { StoreExtra } from './store/store-extra';
import { api, failure, makeToken, server, testUser } from '../testing/server';
import { UploadError, uploadWithProgress } from './upload-with-progress';
import { readForm } from '../testing/read-form';

const URL_ = api('/trade/add_trade');

function setup() {
  const store = makeStore({ preloadedState: signedInState() });
  const progress: number[] = [];
  const body = new FormData();
  body.append('amount', '100');
  body.append('images', new File(['abc'], 'front.jpg', { type: 'image/jpeg' }));
  const upload = () =>
    uploadWithProgress<{ status: string; data: { id: string } }>({
      url: URL_,
      body,
      getToken: () => store.getState().auth.token,
      // The refresh app/store.ts hands every thunk, as the trade upload uses it.
      refreshSession: () =>
        store.dispatch((dispatch, _getState, extra: StoreExtra) => extra.refreshSession(dispatch)),
      onProgress: (fraction) => progress.push(fraction),
    });
  return { store, progress, upload };
}

describe('uploadWithProgress', () => {
  it('posts the form with the raw token, reports progress and resolves to the envelope', async () => {
    const seen: { auth: string | null; credentials: string; amount: unknown }[] = [];
    server.use(
      http.post(URL_, async ({ request }) => {
        const form = await readForm(request);
        seen.push({
          auth: request.headers.get('authorization'),
          credentials: request.credentials,
          amount: form.get('amount'),
        });
        return HttpResponse.json(
          { status: 'success', message: 'Trade created', data: { id: 't1' } },
          { status: 201 },
        );
      }),
    );
    const { store, progress, upload } = setup();
    await expect(upload()).resolves.toMatchObject({ data: { id: 't1' } });
    expect(seen).toEqual([
      { auth: store.getState().auth.token, credentials: 'include', amount: '100' },
    ]);
    expect(progress.at(-1)).toBe(1);
  });

  it('refreshes the session once on 403 and sends the upload again with the new token', async () => {
    const fresh = makeToken(1800);
    const tokens: (string | null)[] = [];
    server.use(
      http.post(URL_, ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        return tokens.length === 1
          ? failure(403, 'Session expired. log in to continue')
          : HttpResponse.json({ status: 'success', message: 'ok', data: { id: 't2' } });
      }),
      http.post(api('/user/refresh_token/:userId'), () =>
        HttpResponse.json({ status: 'success', message: 'ok', token: fresh, data: testUser }),
      ),
    );
    const { upload } = setup();
    await expect(upload()).resolves.toMatchObject({ data: { id: 't2' } });
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).toBe(fresh);
  });

  it('signs out and rejects with the 403 when the refresh fails', async () => {
    let attempts = 0;
    server.use(
      http.post(URL_, () => {
        attempts += 1;
        return failure(403, 'Session expired. log in to continue');
      }),
    );
    const { store, upload } = setup();
    const error = await upload().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).detail).toMatchObject({ status: 403 });
    expect(attempts).toBe(1);
    expect(store.getState().auth.token).toBe('');
  });

  it('rejects with the status and the error envelope of a failed upload', async () => {
    server.use(http.post(URL_, () => failure(413, 'Each photo can be at most 5 MB', 'images')));
    const { upload } = setup();
    const error = await upload().catch((caught: unknown) => caught);
    expect((error as UploadError).detail).toEqual({
      status: 413,
      data: {
        status: 'error',
        message: 'Each photo can be at most 5 MB',
        errors: [{ field: 'images', message: 'Each photo can be at most 5 MB' }],
      },
    });
  });

  it('rejects with FETCH_ERROR when the network is down', async () => {
    server.use(http.post(URL_, () => HttpResponse.error()));
    const { upload } = setup();
    const error = await upload().catch((caught: unknown) => caught);
    expect((error as UploadError).detail).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
