import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../../testing/catch-downloads';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/settings/account/edit-profile';
const EXPORT = api(`/user/data_export/${testUser.id}`);
const THROTTLED = 'You can download your data 3 times an hour. Please try again in 42 minutes.';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Download my data, in Settings', () => {
  // A date other than today's: the name is the one the answer gives, not one made here.
  it('saves the file the API answers, under the name it gives, with the session’s token', async () => {
    const file = JSON.stringify({ format: 'karta-data-export', version: 1 });
    let authorization: string | null = null;
    server.use(
      http.get(EXPORT, ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(file, {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': 'attachment; filename="karta-data-2026-01-15.json"',
          },
        });
      }),
    );
    const saved = catchDownloads();
    const { user } = renderApp(PAGE, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Your data' }, TIMEOUT);
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    expect(saved[0]?.name).toBe('karta-data-2026-01-15.json');
    expect(await saved[0]?.blob.text()).toBe(file);
    expect(authorization).toBeTruthy();
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'karta-data-2026-01-15.json is downloading.',
    );
  });

  it('shows that it is preparing, then the limit’s words in place, once', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(EXPORT, async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        const refused = failure(429, THROTTLED);
        refused.headers.set('retry-after', '2520');
        return refused;
      }),
    );
    const saved = catchDownloads();
    const { user } = renderApp(PAGE, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Your data' }, TIMEOUT);
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    const busy = await within(section).findByRole('button', { name: 'Preparing your data...' });
    expect(busy).toBeDisabled();
    await waitFor(() => {
      expect(answer).toBeDefined();
    });
    answer?.();
    expect(await within(section).findByRole('alert')).toHaveTextContent(THROTTLED);
    expect(saved).toEqual([]);
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    // Said once, where it happened: no toast repeats it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(THROTTLED)).toHaveLength(1);
  });
});
