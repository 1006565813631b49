import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StatementEntry } from '@karta/shared/schemas/wallet';
import { renderApp, signedInState } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/overview/recent-transactions/trade-history';

const entry = (overrides: Partial<StatementEntry>): StatementEntry => ({
  id: '1',
  kind: 'trade_credit',
  description: 'Trade KT-7K3M9QX2 approved: 100 USD',
  amount: 118_000,
  balance_after: 118_000,
  reference: 'KT-7K3M9QX2',
  created_at: '2026-11-21T13:02:00.000Z',
  ...overrides,
});

describe('wallet activity on the overview', () => {
  it('lists each movement with its sign and the balance it left, and pages', async () => {
    const pages: string[] = [];
    server.use(
      http.get(api(`/transaction/statement/${testUser.id}`), ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        pages.push(page);
        return success({
          data:
            page === '1'
              ? [
                  entry({
                    id: '2',
                    kind: 'withdrawal_hold',
                    description: 'Withdrawal to Guaranty Trust Bank 0152704363',
                    amount: -20_050,
                    balance_after: 97_950,
                    reference: 'wd_d3b96c1b855e4659937c3dd3aa1bafc3',
                  }),
                ]
              : [entry({})],
          meta: { page: Number(page), size: 10, total: 11, totalPages: 2 },
        });
      }),
    );
    const { user } = renderApp(PAGE, { preloadedState: signedInState() });
    const activity = await screen.findByRole('region', { name: 'Wallet activity' }, TIMEOUT);
    expect(
      await within(activity).findByText(
        'Withdrawal to Guaranty Trust Bank 0152704363',
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
    expect(activity).toHaveTextContent('−₦20,050.00');
    expect(activity).toHaveTextContent('Balance ₦97,950.00');
    await user.click(within(activity).getByRole('button', { name: 'Next' }));
    expect(await within(activity).findByText('+₦118,000.00', {}, TIMEOUT)).toBeVisible();
    expect(pages).toEqual(['1', '2']);
  });

  it('says how money will arrive while there is none', async () => {
    renderApp(PAGE, { preloadedState: signedInState() });
    const activity = await screen.findByRole('region', { name: 'Wallet activity' }, TIMEOUT);
    expect(
      await within(activity).findByText(
        /When a trade is approved, its naira shows here/,
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
  });
});
