import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_AMOUNT_REFUSED } from '../../../lib/card-amount';
import { renderApp, signedInState, signedOutState } from '../../../testing/render';
import { api, failure, server, success } from '../../../testing/server';
import type { GiftCard, Subcategory } from '../../../lib/catalog-api';
import { selectRateCalculator } from '../rate-calculator-slice';

const card = (n: number): GiftCard => ({
  id: `card-${String(n)}`,
  name: `Card ${String(n)}`,
  img_info: { url: `/api/v1/card/art/card-${String(n)}.svg` },
});
// Page 2 repeats card 10, as a list can when a card is added between two page loads.
const CARD_PAGES = [
  Array.from({ length: 10 }, (_, i) => card(i + 1)),
  [card(10), card(11), card(12)],
];
const usaPhysical: Subcategory = {
  id: 'sub-1',
  name: 'USA physical $100–$2000',
  rate: 1180,
  currency: 'USD',
  min_amount: 100,
  max_amount: 2000,
};
const ukCode: Subcategory = { ...usaPhysical, id: 'sub-2', name: 'UK e-code', currency: 'GBP' };

const list = (items: unknown[], totalPages = 1) =>
  success({ data: items, meta: { page: 1, size: 10, total: items.length, totalPages } });

let cardRequests: URLSearchParams[] = [];
let subRequests: { catId: string; params: URLSearchParams }[] = [];

class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {
    return undefined;
  }
  disconnect() {
    FakeIntersectionObserver.live.delete(this);
  }
}

/** Scrolls the open list to its end, as far as the page's observer can tell. */
function showLastOption() {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.live]) {
      const entries = observer.targets.map((target) => ({ isIntersecting: true, target }));
      observer.callback(
        entries as unknown as IntersectionObserverEntry[],
        observer as unknown as IntersectionObserver,
      );
    }
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  cardRequests = [];
  subRequests = [];
  server.use(
    http.get(api('/card/admin_get_gift_card'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      cardRequests.push(params);
      const search = params.get('card_name');
      if (search) {
        const all = [...new Map(CARD_PAGES.flat().map((c) => [c.id, c])).values()];
        return list(all.filter((c) => c.name.toLowerCase().includes(search.toLowerCase())));
      }
      return list(CARD_PAGES[Number(params.get('page')) - 1] ?? [], CARD_PAGES.length);
    }),
    http.get(api('/card/get_gift_card_category/:catId'), ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      subRequests.push({ catId: String(params.catId), params: query });
      return list(query.get('page') === '2' ? [ukCode] : [usaPhysical], 2);
    }),
    http.get(api('/card/rate_history/:id'), () =>
      success({
        subcategory_id: 'sub-1',
        currency: 'USD',
        points: [
          { date: '2026-10-22', rate: 1150 },
          { date: '2026-11-20', rate: 1180 },
        ],
        change_percent: 2.6,
      }),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeIntersectionObserver.live.clear();
});

function renderCalculator(path = '/rate-calculator', preloadedState = signedOutState()) {
  const view = renderApp(path, { preloadedState });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, user };
}

const cardBox = () => screen.getByRole('combobox', { name: 'Gift card' });
const subBox = () => screen.getByRole('combobox', { name: 'Subcategory' });

async function chooseCard(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Gift card' }));
  await user.click(await screen.findByRole('option', { name }));
}

async function chooseSubcategory(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(subBox());
  await user.click(await screen.findByRole('option', { name }));
}

describe('rate calculator', () => {
  it('resets value, rate and amount on mount and shows 0.00', async () => {
    const state = {
      ...signedOutState(),
      rateCalculator: { catId: null, rate: 900, amount: 50, value: 45000, selectedSubCatName: 'x' },
    };
    const { store } = renderCalculator('/rate-calculator', state);
    await waitFor(() => {
      expect(screen.getByLabelText('Value in NGN')).toHaveTextContent(/^0\.00$/);
    });
    expect(store.getState().rateCalculator).toMatchObject({ rate: null, amount: null, value: 0 });
    await waitFor(() => {
      expect(cardRequests).toHaveLength(1);
    });
    expect(screen.getByLabelText(/^Rate/)).toHaveTextContent('0.00');
  });

  it('waits 500 ms after typing before it searches, then searches once', async () => {
    const { user } = renderCalculator();
    await user.type(await screen.findByRole('combobox', { name: 'Gift card' }), 'card 1');
    const searches = () => cardRequests.filter((params) => params.has('card_name'));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(searches()).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(250);
    });
    await waitFor(() => {
      expect(searches()).toHaveLength(1);
    });
    expect(searches()[0]?.get('card_name')).toBe('card 1');
    expect(await screen.findByRole('option', { name: 'Card 12' })).toBeInTheDocument();
  });

  it('loads the next page when the last card shows, without repeating a card', async () => {
    const { user } = renderCalculator();
    await user.click(await screen.findByRole('combobox', { name: 'Gift card' }));
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    showLastOption();
    expect(await screen.findByRole('option', { name: 'Card 12' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(12);
    expect(screen.getAllByRole('option', { name: 'Card 10' })).toHaveLength(1);
    expect(cardRequests.map((params) => params.get('page'))).toEqual(['1', '2']);
    // Page 2 was the last: the end of the list asks for nothing more.
    showLastOption();
    expect(cardRequests).toHaveLength(2);
  });

  it('goes back to page 1 when the search text changes', async () => {
    const { user } = renderCalculator();
    await user.click(await screen.findByRole('combobox', { name: 'Gift card' }));
    await screen.findAllByRole('option');
    showLastOption();
    await screen.findByRole('option', { name: 'Card 12' });
    await user.type(cardBox(), '1');
    await waitFor(() => {
      expect(screen.getAllByRole('option')).toHaveLength(4);
    });
    expect(cardRequests.at(-1)?.get('card_name')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Clear gift card' }));
    expect(cardBox()).toHaveValue('');
    await waitFor(() => {
      expect(cardRequests.at(-1)?.get('page')).toBe('1');
    });
    await waitFor(() => {
      expect(screen.getAllByRole('option')).toHaveLength(10);
    });
  });

  it('skips the subcategory query until a card is chosen, then clears the calculation', async () => {
    const { user, store } = renderCalculator();
    await screen.findByRole('combobox', { name: 'Gift card' });
    expect(subBox()).toBeDisabled();
    await chooseCard(user, 'Card 2');
    expect(cardBox()).toHaveValue('Card 2');
    expect(cardBox()).toHaveAttribute('aria-expanded', 'false');
    expect(store.getState().trade.giftCard).toEqual({ id: 'card-2', name: 'Card 2' });
    expect(store.getState().rateCalculator).toMatchObject({ catId: 'card-2', value: 0 });
    await waitFor(() => {
      expect(subRequests).toHaveLength(1);
    });
    expect(subRequests[0]?.catId).toBe('card-2');
    expect(Object.fromEntries(subRequests[0]?.params ?? [])).toEqual({
      device: 'web',
      page: '1',
      size: '10',
    });
  });

  it('starts the subcategory list at page 1 again for a new card', async () => {
    const { user } = renderCalculator();
    await chooseCard(user, 'Card 1');
    await user.click(subBox());
    await screen.findByRole('option', { name: usaPhysical.name });
    showLastOption();
    await screen.findByRole('option', { name: ukCode.name });
    expect(subRequests.map((r) => r.params.get('page'))).toEqual(['1', '2']);
    await chooseCard(user, 'Card 3');
    await waitFor(() => {
      expect(subRequests.at(-1)).toMatchObject({ catId: 'card-3' });
    });
    expect(subRequests.at(-1)?.params.get('page')).toBe('1');
  });

  it('works out the value in naira from the rate and amount, and checks the amount', async () => {
    const { user, store } = renderCalculator();
    await chooseCard(user, 'Card 1');
    await chooseSubcategory(user, usaPhysical.name);
    expect(subBox()).toHaveValue(usaPhysical.name);
    expect(subBox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Rate (₦ per $1)')).toHaveTextContent('₦1,180.00');
    const amount = screen.getByRole('textbox', { name: 'Card amount' });
    await user.type(amount, '1000');
    expect(screen.getByLabelText('Value in NGN')).toHaveTextContent('₦1,180,000.00');
    expect(selectRateCalculator(store.getState()).selectedSubCatName).toBe(usaPhysical.name);
    expect(store.getState().trade.subCat).toEqual({
      id: 'sub-1',
      name: usaPhysical.name,
      rate: 1180,
    });

    await user.clear(amount);
    await user.type(amount, '50');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount between $100 and $2,000');
    await user.clear(amount);
    expect(screen.getByLabelText('Value in NGN')).toHaveTextContent(/^0\.00$/);

    // A new card clears amount, rate, value and the subcategory.
    await user.type(amount, '200');
    await chooseCard(user, 'Card 4');
    expect(subBox()).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Card amount/ })).toHaveValue('');
    expect(screen.getByLabelText('Value in NGN')).toHaveTextContent(/^0\.00$/);
    expect(store.getState().rateCalculator).toMatchObject({
      rate: null,
      amount: null,
      value: 0,
      selectedSubCatName: '',
    });
  });

  it('takes cents, and shows the value the trade will record to the kobo (decision 043)', async () => {
    const vanilla: Subcategory = { ...usaPhysical, id: 'sub-9', name: 'Vanilla', rate: 1180.55 };
    server.use(http.get(api('/card/get_gift_card_category/:catId'), () => list([vanilla])));
    const { user, store } = renderCalculator('/dashboard/rate-calculator', signedInState());
    await chooseCard(user, 'Card 1');
    await chooseSubcategory(user, 'Vanilla');
    const amount = screen.getByRole('textbox', { name: 'Card amount' });
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await user.type(amount, '150.51');
    expect(amount).toHaveValue('150.51');
    // ₦1,180.55 × $150.51 = ₦177,684.5805: the API records 17,768,458 kobo (apps/api trades test).
    expect(screen.getByLabelText('Value in NGN')).toHaveTextContent('₦177,684.58');
    expect(selectRateCalculator(store.getState())).toMatchObject({
      amount: 150.51,
      value: 177_684.58,
    });
    // A third decimal is refused, visibly, and the amount stays what was typed.
    await user.type(amount, '9');
    expect(amount).toHaveValue('150.51');
    expect(amount).toHaveAccessibleDescription(CARD_AMOUNT_REFUSED);
    expect(screen.getByLabelText('Value in NGN')).toHaveTextContent('₦177,684.58');
  });

  it('shows how the rate moved over 30 days', async () => {
    const { user } = renderCalculator();
    await chooseCard(user, 'Card 1');
    await chooseSubcategory(user, usaPhysical.name);
    const history = await screen.findByRole('region', { name: 'Rate in the last 30 days' });
    expect(await within(history).findByText('Up 2.6% in 30 days')).toBeInTheDocument();
  });

  it('keeps one dropdown open at a time and closes on an outside click', async () => {
    const { user } = renderCalculator();
    await chooseCard(user, 'Card 1');
    await user.click(cardBox());
    expect(cardBox()).toHaveAttribute('aria-expanded', 'true');
    await user.click(subBox());
    expect(subBox()).toHaveAttribute('aria-expanded', 'true');
    expect(cardBox()).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('heading', { level: 1, name: 'Rate Calculator' }));
    expect(subBox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('says Loading... while the cards load', async () => {
    server.use(
      http.get(api('/card/admin_get_gift_card'), async () => {
        await delay('infinite');
        return list([]);
      }),
    );
    const { user } = renderCalculator();
    await user.click(await screen.findByRole('combobox', { name: 'Gift card' }));
    const listbox = screen.getByRole('listbox', { name: 'Gift card' });
    expect(within(listbox.parentElement ?? listbox).getByRole('status')).toHaveTextContent(
      /^Loading\.\.\.$/,
    );
  });

  it.each([
    [
      'gift cards',
      'Gift card',
      '/card/admin_get_gift_card',
      'Error loading gift cards.',
      'Gift Card is empty!',
    ],
    [
      'subcategories',
      'Subcategory',
      '/card/get_gift_card_category/:catId',
      'Error loading subcategories cards.',
      'Subcategory is empty!',
    ],
  ])('tells when %s fail to load or are empty', async (_, label, path, errorText, emptyText) => {
    const open = async (user: ReturnType<typeof userEvent.setup>) => {
      if (label === 'Subcategory') await chooseCard(user, 'Card 1');
      await user.click(screen.getByRole('combobox', { name: label }));
    };
    server.use(http.get(api(path), () => failure(500, 'Something went wrong')));
    const first = renderCalculator();
    await screen.findByRole('combobox', { name: 'Gift card' });
    await open(first.user);
    expect(await screen.findByText(errorText)).toBeInTheDocument();
    first.unmount();

    server.use(http.get(api(path), () => list([])));
    const second = renderCalculator();
    await screen.findByRole('combobox', { name: 'Gift card' });
    await open(second.user);
    expect(await screen.findByText(emptyText)).toBeInTheDocument();
  });
});
