import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRADE_IMAGE_MAX_BYTES } from '@karta/shared/constants';
import { CARD_AMOUNT_REFUSED } from '../../../lib/card-amount';
import type { GiftCard, Subcategory } from '../../../lib/catalog-api';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success } from '../../../testing/server';
import { makeTrade, pageOf, photoFile } from '../../../testing/trade-fixtures';
import { readForm } from '../../../testing/read-form';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/trade';

const amazon: GiftCard = { id: 'card-amazon', name: 'Amazon', img_info: { url: '/a.svg' } };
const usaPhysical: Subcategory = {
  id: 'sub-1',
  name: 'USA physical',
  rate: 1180,
  currency: 'USD',
  min_amount: 100,
  max_amount: 2000,
};

const photo = photoFile;

let urls: Map<string, File>;
const revoked: string[] = [];

beforeEach(() => {
  urls = new Map();
  revoked.length = 0;
  // jsdom has no object URLs; these stand in and remember what was made and let go.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((file: File) => {
        const url = `blob:test/${String(urls.size + 1)}-${file.name}`;
        urls.set(url, file);
        return url;
      }),
      revokeObjectURL: vi.fn((url: string) => {
        revoked.push(url);
      }),
    }),
  );
  server.use(
    http.get(api('/card/admin_get_gift_card'), () => success(pageOf([amazon]))),
    http.get(api('/card/get_gift_card_category/:catId'), () => success(pageOf([usaPhysical]))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderPage = () => renderApp(PAGE, { preloadedState: signedInState() });
type User = ReturnType<typeof renderPage>['user'];

async function chooseCardAndCategory(user: User) {
  await user.click(await screen.findByRole('combobox', { name: 'Gift card' }, TIMEOUT));
  await user.click(await screen.findByRole('option', { name: 'Amazon' }, TIMEOUT));
  await user.click(screen.getByRole('combobox', { name: 'Subcategory' }));
  await user.click(await screen.findByRole('option', { name: 'USA physical' }, TIMEOUT));
}

async function fillForm(user: User, files = [photo('front.jpg'), photo('back.png', 'image/png')]) {
  await chooseCardAndCategory(user);
  await user.type(screen.getByLabelText('Card amount'), '150');
  await user.type(screen.getByLabelText('Comment (optional)'), 'E-code ABCD-1234');
  await user.upload(screen.getByLabelText('Choose photos'), files);
  // The picker reads each file's first bytes before it adds it.
  await waitFor(() => {
    expect(screen.getByRole('group', { name: 'Card photos' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
  });
}

/** The add_trade call: records what it receives and waits for `release` before answering. */
function serveAddTrade(
  answer: () => Response = () =>
    HttpResponse.json(
      {
        status: 'success',
        message: 'Trade created',
        data: makeTrade({ amount: 150, expected_value: 177_000 }),
      },
      { status: 201 },
    ),
) {
  const received: { name: string; value: string }[][] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.post(api('/trade/add_trade'), async ({ request }) => {
      const form = await readForm(request);
      received.push(
        [...form.entries()].map(([name, value]) => ({
          name,
          value: typeof value === 'string' ? value : `file:${value.type}`,
        })),
      );
      await gate;
      return answer();
    }),
  );
  return { received, release };
}

describe('trade screen', () => {
  it('opens from the dashboard header', async () => {
    const { user, router } = renderApp('/dashboard/faqs', { preloadedState: signedInState() });
    await user.click(await screen.findByRole('link', { name: 'Trade' }, TIMEOUT));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trade a gift card' }, TIMEOUT),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/trade');
    // No Trade button to the page you are on.
    expect(screen.queryByRole('link', { name: 'Trade' })).not.toBeInTheDocument();
  });

  it('says what is missing on Proceed, and checks the amount against the category', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Proceed' }, TIMEOUT));
    const cardBox = screen.getByRole('combobox', { name: 'Gift card' });
    expect(cardBox).toHaveAccessibleDescription('Choose a gift card');
    // Focus goes to the first problem.
    expect(cardBox).toHaveFocus();
    expect(screen.getByText('Choose a card category')).toBeInTheDocument();
    expect(screen.getByText('Add at least one photo of the card')).toBeInTheDocument();

    await chooseCardAndCategory(user);
    const amount = screen.getByLabelText('Card amount');
    expect(amount).toHaveAccessibleDescription('Enter the card amount');
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription('Enter an amount between $100 and $2,000');
    await user.clear(amount);
    await user.type(amount, '2500');
    expect(amount).toHaveAccessibleDescription('Enter an amount between $100 and $2,000');
    await user.clear(amount);
    await user.type(amount, '1500');
    expect(amount).toHaveAccessibleDescription(
      'From $100 to $2,000; cents after a point, e.g. 50.50',
    );
    // A refused character never reaches the box, and the field says why.
    await user.type(amount, 'x');
    expect(amount).toHaveValue('1500');
    expect(amount).toHaveAccessibleDescription(CARD_AMOUNT_REFUSED);
  });

  it('keeps the cents the seller typed: 150.50 stays 150.50, never 15050 (decision 043)', async () => {
    const { received, release } = serveAddTrade();
    const { user } = renderPage();
    await chooseCardAndCategory(user);
    const amount = screen.getByLabelText('Card amount');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await user.type(amount, '150.50');
    expect(amount).toHaveValue('150.50');
    expect(amount).not.toHaveAccessibleDescription(CARD_AMOUNT_REFUSED);
    // ₦1,180 × $150.50, the same figure the API records.
    expect(screen.getByText('₦177,590.00')).toBeInTheDocument();
    // A third decimal and a second point are refused visibly; the number stays the seller's.
    await user.type(amount, '5');
    expect(amount).toHaveValue('150.50');
    expect(amount).toHaveAccessibleDescription(CARD_AMOUNT_REFUSED);
    await user.clear(amount);
    await user.paste('1,500');
    expect(amount).toHaveValue('');
    expect(amount).toHaveAccessibleDescription(CARD_AMOUNT_REFUSED);
    await user.type(amount, '150.5');
    await user.upload(screen.getByLabelText('Choose photos'), [photo('front.jpg')]);
    await waitFor(() => {
      expect(screen.getByRole('group', { name: 'Card photos' })).toHaveAttribute(
        'aria-busy',
        'false',
      );
    });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    const summary = await screen.findByRole('region', { name: 'Summary' });
    const detailOf = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(detailOf('Card amount')).toBe('$150.50');
    expect(detailOf('Expected value')).toBe('₦177,590.00');
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    await waitFor(() => {
      expect(received).toHaveLength(1);
    });
    expect(received[0]).toContainEqual({ name: 'amount', value: '150.5' });
    release();
    expect(await screen.findByRole('heading', { name: 'Trade created' }, TIMEOUT)).toBeVisible();
  });

  it('shows the rate and the naira value live as the amount is typed', async () => {
    const { user } = renderPage();
    await chooseCardAndCategory(user);
    expect(
      screen.getByText((_, element) => element?.textContent === '₦1,180.00 per $1', {
        selector: 'dd',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('₦0.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card amount'), '150');
    expect(screen.getByText('₦177,000.00')).toBeInTheDocument();
  });

  it('counts the comment against its 500 characters', async () => {
    const { user } = renderPage();
    const comment = await screen.findByLabelText('Comment (optional)', {}, TIMEOUT);
    expect(comment).toHaveAttribute('maxlength', '500');
    await user.type(comment, 'E-code 1234');
    expect(comment).toHaveAccessibleDescription(
      'An e-code, or anything we should know about the card. 11 of 500 characters',
    );
  });

  it('refuses photos of the wrong type, over 5 MB, or past ten, with a reason for each', async () => {
    const { user } = renderPage();
    const picker = await screen.findByLabelText('Choose photos', {}, TIMEOUT);
    fireEvent.drop(screen.getByText('Choose photos'), {
      dataTransfer: { files: [photo('receipt.pdf', 'application/pdf'), photo('front.jpg')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'receipt.pdf is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC photo.',
    );
    expect(screen.getByText('1 of 10 photos added')).toBeInTheDocument();

    await user.upload(picker, photo('huge.jpg', 'image/jpeg', TRADE_IMAGE_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'huge.jpg is 5.0 MB. Each photo can be at most 5 MB.',
    );

    await user.upload(
      picker,
      Array.from({ length: 10 }, (_, i) => photo(`card-${String(i)}.webp`, 'image/webp')),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You can add up to 10 photos, so 1 photo was not added.',
    );
    const previews = screen.getByRole('list', { name: 'Photos to upload' });
    expect(within(previews).getAllByRole('listitem')).toHaveLength(10);
  });

  it('refuses a document named like a photo at once, by its bytes', async () => {
    const { user } = renderPage();
    const renamed = new File(['%PDF-1.7 bank statement'], 'card.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Choose photos', {}, TIMEOUT), [renamed]);
    expect(
      await screen.findByText(
        'card.jpg is not a photo: its contents are not a JPEG, PNG, WebP or HEIC image.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('img', { name: /card\.jpg/ })).not.toBeInTheDocument();
  });

  it('previews each photo and lets go of its object URL on remove and on leaving', async () => {
    const { user, unmount } = renderPage();
    await user.upload(await screen.findByLabelText('Choose photos', {}, TIMEOUT), [
      photo('front.jpg'),
      photo('back.jpg'),
    ]);
    const front = await screen.findByRole('img', { name: 'Photo 1: front.jpg' });
    const frontUrl = front.getAttribute('src') ?? '';
    expect(urls.get(frontUrl)?.name).toBe('front.jpg');

    await user.click(screen.getByRole('button', { name: 'Remove front.jpg' }));
    expect(revoked).toContain(frontUrl);
    expect(screen.queryByRole('img', { name: /front\.jpg/ })).not.toBeInTheDocument();
    const backUrl = screen.getByRole('img', { name: 'Photo 1: back.jpg' }).getAttribute('src');

    unmount();
    expect(revoked).toContain(backUrl);
  });

  it('summarises the trade, uploads it as multipart with progress, and shows the reference', async () => {
    const { received, release } = serveAddTrade();
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    const summary = await screen.findByRole('region', { name: 'Summary' });
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
    expect(rows).toEqual([
      'Gift card: Amazon',
      'Category: USA physical',
      'Card amount: $150',
      'Rate: ₦1,180.00 per $1',
      'Expected value: ₦177,000.00',
      'Photos: 2 photos',
      'Comment: E-code ABCD-1234',
      // Decision 037: asked before submitting, declining by default.
      'If we offer less: Decline it if I do not answer within 24 hours',
    ]);
    expect(screen.getByRole('heading', { name: 'Summary' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    const progress = await screen.findByRole('progressbar', { name: 'Uploading your photos' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Creating trade...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await waitFor(() => {
      expect(received).toHaveLength(1);
    });
    // Text fields first, then the photos (the API reads them in that order).
    expect(received[0]).toEqual([
      { name: 'subcategory_id', value: 'sub-1' },
      { name: 'amount', value: '150' },
      { name: 'comment', value: 'E-code ABCD-1234' },
      { name: 'device', value: 'web' },
      { name: 'if_no_answer', value: 'decline' },
      { name: 'images', value: 'file:image/jpeg' },
      { name: 'images', value: 'file:image/png' },
    ]);
    release();

    expect(await screen.findByRole('heading', { name: 'Trade created' }, TIMEOUT)).toHaveFocus();
    expect(screen.getByText('KT-7K3M9QX2')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View trade' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/trades/trade-1',
    );
    expect(screen.getByRole('link', { name: 'Go to trade history' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/trades',
    );

    await user.click(screen.getByRole('button', { name: 'Trade another card' }));
    expect(screen.getByRole('combobox', { name: 'Gift card' })).toHaveValue('');
  });

  it('goes Back from the summary with everything still filled in', async () => {
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('combobox', { name: 'Gift card' })).toHaveValue('Amazon');
    expect(screen.getByRole('combobox', { name: 'Subcategory' })).toHaveValue('USA physical');
    expect(screen.getByLabelText('Card amount')).toHaveValue('150');
    expect(screen.getByText('2 of 10 photos added')).toBeInTheDocument();
  });

  it('the browser’s Back from the summary returns to the form, everything kept', async () => {
    const { user, router } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await screen.findByRole('region', { name: 'Summary' });
    await act(async () => {
      await router.navigate(-1);
    });
    expect(await screen.findByLabelText('Card amount')).toHaveValue('150');
    expect(router.state.location.pathname).toBe(PAGE);
    expect(screen.getByText('2 of 10 photos added')).toBeInTheDocument();
    // Forward again: the summary of the same trade.
    await act(async () => {
      await router.navigate(1);
    });
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeVisible();
  });

  it('asks before leaving with photos that are not sent, and stays or leaves as told', async () => {
    const { user, router } = renderPage();
    await fillForm(user);
    await act(async () => {
      await router.navigate('/dashboard/faqs');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Leave this trade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay and finish' }));
    expect(router.state.location.pathname).toBe(PAGE);
    expect(screen.getByText('2 of 10 photos added')).toBeInTheDocument();

    await act(async () => {
      await router.navigate('/dashboard/faqs');
    });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this trade?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/faqs');
    });
  });

  it('takes a field error from the server back to that field, said there only', async () => {
    const message = 'Amazon USA physical now takes at most $100';
    const { release } = serveAddTrade(() => failure(400, message, 'amount'));
    release();
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(await screen.findByRole('button', { name: 'Create trade' }));

    const amount = await screen.findByLabelText('Card amount', {}, TIMEOUT);
    await waitFor(() => {
      expect(amount).toHaveAccessibleDescription(message);
    });
    expect(amount).toHaveFocus();
    // Once, where it can be acted on (decision 035): no toast repeats it. A toast would be up
    // within this second (the toast container mounts through Suspense a moment later).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('keeps the summary and says why when the failure names no field', async () => {
    const { release } = serveAddTrade(() => failure(413, 'Each photo can be at most 5 MB'));
    release();
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(await screen.findByRole('button', { name: 'Create trade' }));
    expect(await screen.findByText(/^The trade was not created:/, {}, TIMEOUT)).toHaveTextContent(
      'The trade was not created: Each photo can be at most 5 MB',
    );
    expect(
      screen.queryByRole('progressbar', { name: 'Uploading your photos' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create trade' })).toBeEnabled();
  });
});
