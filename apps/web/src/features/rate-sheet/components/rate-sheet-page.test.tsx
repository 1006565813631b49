import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { makeRateRow, serveRateSheet } from '../../../testing/rate-sheet-fixtures';
import { setScreenWidth } from '../../../testing/screen-width';

// The first test waits for the console's lazy chunk too.
const TIMEOUT = { timeout: 10_000 };

// jsdom lays nothing out: give every element a size so the virtual list has rows to draw
// (a 600 px window shows about ten 64 px rows).
const sizes = ['clientHeight', 'clientWidth'] as const;
beforeAll(() => {
  for (const size of sizes) {
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, value: 600 });
  }
});
afterAll(() => {
  for (const size of sizes) Reflect.deleteProperty(HTMLElement.prototype, size);
});

const amazon = makeRateRow({ name: 'USA physical', rate: 1000 });
const steam = makeRateRow({ card_name: 'Steam, Inc', name: 'UK', currency: 'GBP', rate: 1500 });
const apple = makeRateRow({ card_name: 'Apple', name: 'USA', rate: 1200 });

const renderSheet = () =>
  renderApp('/console/rates', { preloadedState: signedInState({ role: 'admin' }) });

const rateInput = (label: string) => screen.getByRole('textbox', { name: `Rate for ${label}` });

describe('rate sheet', () => {
  it('lists every subcategory with its card, rate, last change and 30 days', async () => {
    serveRateSheet([amazon, steam]);
    renderSheet();
    const table = await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Amazon');
    expect(rows[1]).toHaveTextContent('USA physical');
    expect(rows[1]).toHaveTextContent('Ngozi Eze');
    expect(rows[2]).toHaveTextContent('GBP');
    expect(rateInput('Amazon / USA physical')).toHaveValue('1000');
    expect(within(rows[1] as HTMLElement).getByRole('img')).toHaveAccessibleName(
      '30 days: from ₦1,000.00 to ₦1,019.00',
    );
  });

  it('loads the next page as the table scrolls, drawing only the rows on screen', async () => {
    const many = Array.from({ length: 120 }, (_, i) => makeRateRow({ name: `Row ${String(i)}` }));
    const api = serveRateSheet(many, 50);
    renderSheet();
    const table = await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    expect(within(table).getAllByRole('row').length).toBeLessThan(30);
    expect(api.pageRequests.map((q) => q.get('page'))).toEqual(['1']);
    const scroller = within(table).getAllByRole('rowgroup')[1] as HTMLElement;
    scroller.scrollTop = 45 * 64;
    fireEvent.scroll(scroller);
    await waitFor(() => {
      expect(api.pageRequests.map((q) => q.get('page'))).toEqual(['1', '2']);
    }, TIMEOUT);
    // The second page follows the first page's last row.
    expect(api.pageRequests.map((q) => q.get('after'))).toEqual([null, many[49]?.id]);
    expect(table).toHaveAttribute('aria-rowcount', '121');
  });

  it('reviews inline edits old → new with the move in percent, marks the one that will wait, and publishes them at once', async () => {
    const api = serveRateSheet([amazon, steam, apple]);
    const { user } = renderSheet();
    await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    await user.clear(rateInput('Amazon / USA physical'));
    await user.type(rateInput('Amazon / USA physical'), '1050');
    await user.clear(rateInput('Steam, Inc / UK'));
    await user.type(rateInput('Steam, Inc / UK'), '1,800.50');
    expect(screen.getByRole('region', { name: 'Draft' })).toHaveTextContent(
      '2 rates changed in the draft',
    );
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    const list = screen.getByRole('list', { name: 'Rate changes' });
    const [small, big] = within(list).getAllByRole('listitem');
    expect(small).toHaveTextContent('Amazon / USA physical (USD)₦1,000.00 → ₦1,050.00 +5.0 %');
    expect(small).not.toHaveAttribute('data-big-move');
    expect(small).not.toHaveAttribute('data-waits');
    // +20.03 %: shown as +20.0 %, yet more than 20 % on the exact kobo, so it will wait.
    expect(big).toHaveTextContent('₦1,500.00 → ₦1,800.50 +20.0 % (more than 10 %)');
    expect(big).toHaveAttribute('data-big-move', 'true');
    expect(big).toHaveAttribute('data-waits', 'true');
    expect(big).toHaveTextContent('Waiting for a second approval: +20.0 %');
    expect(screen.getByRole('note', { name: 'Rates that wait' })).toHaveTextContent(
      '1 rate moves more than 20 %: it is not published until another staff member confirms it.',
    );
    expect(screen.getByText('1 rate moves more than 10 %.', { exact: false })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Publish 2 rates' }));
    expect(
      await screen.findByText(
        '1 rate published. 1 waits for a second approval because it moves more than 20 %.',
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
    expect(api.publishes).toEqual([
      [
        { id: amazon.id, rate: '1050.00' },
        { id: steam.id, rate: '1800.50' },
      ],
    ]);
    await waitFor(() => {
      expect(rateInput('Amazon / USA physical')).toHaveValue('1050');
    }, TIMEOUT);
    // Steam keeps its rate; the change waits in the list, and its author cannot confirm it.
    expect(rateInput('Steam, Inc / UK')).toHaveValue('1500');
    const waiting = await screen.findByRole(
      'list',
      { name: 'Rates waiting for a second approval' },
      TIMEOUT,
    );
    const item = within(waiting).getByRole('listitem', { name: 'Steam, Inc / UK (GBP)' });
    expect(item).toHaveTextContent('₦1,500.00 → ₦1,800.50 +20.0 %');
    expect(item).toHaveTextContent('Asked by you on');
    const confirm = within(item).getByRole('button', {
      name: 'Confirm the rate for Steam, Inc / UK',
    });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(
      'You asked for this rate, so another staff member has to confirm it.',
    );
    expect(
      within(item).getByRole('button', { name: 'Send back the rate for Steam, Inc / UK' }),
    ).toBeEnabled();
  });

  it('holds back a draft with a rate that is not one, and Cancel discards the draft', async () => {
    const api = serveRateSheet([amazon, steam]);
    const { user } = renderSheet();
    await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    await user.clear(rateInput('Amazon / USA physical'));
    await user.type(rateInput('Amazon / USA physical'), '10.505');
    expect(rateInput('Amazon / USA physical')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Review changes' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel the draft' }));
    expect(rateInput('Amazon / USA physical')).toHaveValue('1000');
    expect(screen.queryByRole('region', { name: 'Draft' })).not.toBeInTheDocument();
    expect(api.publishes).toEqual([]);
  });

  it('fills the draft from a pasted sheet and lists the lines it could not use', async () => {
    serveRateSheet([amazon, steam, apple]);
    const { user } = renderSheet();
    await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Paste a rate sheet' }));
    const pasted = [
      'Subcategory\tRate',
      'amazon / usa physical\t₦1,100.00',
      '',
      `${steam.id}\t1500`,
      'Nowhere / USA\t900',
      'Amazon / USA physical\t1200',
    ].join('\n');
    await user.click(screen.getByRole('textbox', { name: 'Rows from your spreadsheet' }));
    await user.paste(pasted);
    await user.click(screen.getByRole('button', { name: 'Fill the draft' }));

    expect(await screen.findByText('2 pasted rates read.', {}, TIMEOUT)).toBeVisible();
    // Steam's pasted rate is its rate already: it is read, but nothing changes.
    expect(screen.getByRole('region', { name: 'Draft' })).toHaveTextContent(
      '1 rate changed in the draft',
    );
    expect(rateInput('Amazon / USA physical')).toHaveValue('1100.00');
    const unused = screen.getByRole('list', { name: 'Lines not used' });
    expect(
      within(unused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 5 Nowhere / USA\t900: We could not find "Nowhere / USA". Name it as "Card / Subcategory" or by its id.',
      'Line 6 Amazon / USA physical\t1200: Line 2 already sets this subcategory; this line was skipped.',
    ]);
  });

  it('exports a CSV that, pasted back, changes nothing', async () => {
    serveRateSheet([amazon, steam, apple]);
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:rates';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user } = renderSheet();
    await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(files).toHaveLength(1);
    }, TIMEOUT);
    click.mockRestore();
    const csv = await (files[0] as Blob).text();
    expect(csv.split('\r\n')[2]).toBe('"Steam, Inc / UK",1500.00');

    await user.click(screen.getByRole('button', { name: 'Paste a rate sheet' }));
    await user.click(screen.getByRole('textbox', { name: 'Rows from your spreadsheet' }));
    await user.paste(csv);
    await user.click(screen.getByRole('button', { name: 'Fill the draft' }));
    expect(await screen.findByText('3 pasted rates read.', {}, TIMEOUT)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Lines not used' })).not.toBeInTheDocument();
  });

  it('below 1024 px makes each row a card with the whole name, the column titles for screen readers only (decision 071)', async () => {
    setScreenWidth(390);
    const long = makeRateRow({ name: 'USA physical $100–$500 (no receipt, one card per trade)' });
    serveRateSheet([long, steam]);
    renderSheet();
    const table = await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    const [titles, body] = within(table).getAllByRole('rowgroup') as [HTMLElement, HTMLElement];
    expect(titles).toHaveClass('sr-only');
    const rows = within(body).getAllByRole('row');
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    // The names wrap on the card rather than being cut with an ellipsis.
    expect(cells[1]).toHaveTextContent('USA physical $100–$500 (no receipt, one card per trade)');
    expect(cells[0]).not.toHaveClass('truncate');
    expect(cells[1]).not.toHaveClass('truncate');
    expect(cells[1]).toHaveClass('wrap-anywhere');
    // Without a column title above it, a card says what its date is.
    expect(rows[0]).toHaveTextContent(/Changed \d{2} \w{3} \d{4}, \d{2}:\d{2} · Ngozi Eze/);
    expect(rateInput(`Amazon / ${long.name}`)).toHaveValue('1000');
  });

  it('from 1024 px is a table with its column titles, one row a line', async () => {
    setScreenWidth(1280);
    serveRateSheet([amazon]);
    renderSheet();
    const table = await screen.findByRole('table', { name: 'Rate sheet' }, TIMEOUT);
    const [titles, body] = within(table).getAllByRole('rowgroup') as [HTMLElement, HTMLElement];
    expect(titles).not.toHaveClass('sr-only');
    const cells = within(within(body).getAllByRole('row')[0] as HTMLElement).getAllByRole('cell');
    expect(cells[1]).toHaveClass('truncate');
  });
});
