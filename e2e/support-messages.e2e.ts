import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, confirmedPerson } from './support/accounts';
import { apiLogin, createPendingTrade, OPERATOR, photoBytes } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn, signInToConsole } from './support/ui';

/** A photo on disk, as a phone's file picker hands it over. */
async function photoOnDisk(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'karta-support-')), 'receipt.jpg');
  writeFileSync(file, await photoBytes());
  return file;
}

describe('conversations with the Karta team (decision 070)', () => {
  test('at 360 px, a seller asks about a trade with a photo, the desk answers, the seller reads "Karta team"', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, person);
    await page.setViewportSize({ width: 360, height: 740 });
    const main = page.getByRole('main');
    const panel = main.getByRole('region', { name: 'Messages with the Karta team' });

    await step('sign in and open the trade', async () => {
      await signIn(page, person.email, person.password);
      await page.goto(`/dashboard/transaction-history/trades/${trade.id}`);
      await panel.waitFor();
    });
    await step('ask with words and a photo, and see it sent', async () => {
      await panel.getByLabel('Your question').fill('Is the photo clear enough?');
      await panel.getByLabel('Choose photos').setInputFiles(await photoOnDisk());
      await expect.poll(() => panel.getByText('1 of 3 photos added').count()).toBe(1);
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await panel
        .getByRole('list', { name: 'Messages' })
        .getByText('Is the photo clear enough?')
        .waitFor();
      // Nothing runs off a 360 px screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });

    const operator = await apiLogin(baseUrl, OPERATOR.email, OPERATOR.password);
    const conversation = (await call(
      baseUrl,
      'GET',
      `/api/v1/admin/trades/${trade.id}/conversation`,
      undefined,
      operator.token,
    )) as { data: { id: string } };
    await call(
      baseUrl,
      'POST',
      `/api/v1/admin/support/${conversation.data.id}/messages`,
      { body: 'Yes, it is clear. We are reviewing it now.' },
      operator.token,
    );

    await step('the answer is signed "Karta team" and is in Messages', async () => {
      await page.reload();
      const answer = panel.getByRole('listitem').filter({ hasText: 'We are reviewing it now.' });
      await answer.waitFor();
      await expect.poll(() => answer.textContent()).toContain('Karta team');
      // The demo operator is Ife Operator: the seller never reads that name.
      expect(await panel.textContent()).not.toContain('Ife');
      await page.goto('/dashboard/messages');
      await main.getByRole('link', { name: new RegExp(`Trade ${trade.reference}`) }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  });

  test('the desk answers from the queue, beside the trade on its review page, and resolves', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, person);
    const seller = await apiLogin(baseUrl, person.email, person.password);
    await call(
      baseUrl,
      'POST',
      `/api/v1/support/messages/${seller.userId}`,
      { trade_id: trade.id, body: 'When will my card be reviewed?' },
      seller.token,
    );
    const main = page.getByRole('main');

    await step('the queue lists the seller and the trade', async () => {
      await signInToConsole(page, '/console/support', OPERATOR);
      await main.getByRole('link', { name: new RegExp(`Trade ${trade.reference}`) }).click();
      await main
        .getByRole('region', { name: 'Conversation' })
        .getByText('When will my card be reviewed?')
        .waitFor();
    });
    await step('opened, it is claimed; answer', async () => {
      const region = main.getByRole('region', { name: 'Conversation' });
      // Opening the conversation claims it (decision 078).
      await region.getByText(/You are answering until/).waitFor();
      await region.getByLabel('Reply to the seller').fill('Within 15 minutes.');
      await region.getByRole('button', { name: 'Send reply' }).click();
      await region.getByText('Waiting for the seller').waitFor();
    });
    await step('the review page shows it beside the trade', async () => {
      await page.goto(`/console/trades/${trade.id}`);
      const panel = main.getByRole('region', { name: 'Conversation with the seller' });
      await panel.getByText('Within 15 minutes.').waitFor();
      await panel.getByRole('button', { name: 'Mark resolved' }).click();
      await panel.getByText('Resolved', { exact: true }).waitFor();
    });
  });
});
