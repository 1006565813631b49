import { AxeBuilder } from '@axe-core/playwright';
import { confirmedPerson } from './support/accounts';
import { fundWallet, setPin } from './support/money';
import { describe, expect, test } from './support/test';
import { authenticatorCode, nextAuthenticatorCode, turnOnTwoStep } from './support/two-step';
import { signIn, waitForPath } from './support/ui';

const PIN = '2580';
/** Guaranty Trust Bank, a NUBAN-valid number the sandbox resolves and pays (docs/configuration.md). */
const ACCOUNT = '0152704363';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

describe('step-up (two-step sign-in, decision 061)', () => {
  test('a seller with two-step on withdraws to a new account: asked for the code in place, the form kept, paid once', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await fundWallet(baseUrl, person, 5_000);
    await setPin(baseUrl, person, PIN);
    const main = page.getByRole('main');
    // Every withdrawal request the page sends: its Idempotency-Key and the API's status.
    const sent: { key: string | null; status: number }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/v1/transaction/withdrawal_request/')) return;
      const key = response.request().headers()['idempotency-key'] ?? null;
      sent.push({ key, status: response.status() });
    });

    // Signed in before two-step is turned on (elsewhere, through the API): a two-step sign-in
    // steps its session up for five minutes, which would leave nothing to ask.
    await step('sign in', () => signIn(page, person.email, person.password));
    const secret = await turnOnTwoStep(baseUrl, person);

    await step('fill the withdrawal to a new account', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Withdraw' }).click();
      // Its own BVN: one BVN per account, and the browser tests share one database.
      await main.getByLabel('BVN', { exact: true }).fill(`4${String(Date.now()).slice(-10)}`);
      await main.getByRole('button', { name: 'Verify BVN' }).click();
      await main.getByRole('heading', { level: 1, name: 'Withdraw to your bank' }).waitFor();
      await main.getByRole('combobox', { name: 'Bank' }).click();
      await main.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
      await main.getByLabel('Account number').fill(ACCOUNT);
      await main
        .getByText(/^[A-Z]+ [A-Z]+$/)
        .first()
        .waitFor();
      await main.getByLabel('Amount').fill('1000');
      await main.getByRole('button', { name: 'Continue' }).click();
      await main.getByRole('button', { name: 'Confirm' }).click();
      await main.getByLabel('PIN', { exact: true }).fill(PIN);
    });

    const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
    await step('Withdraw asks for the code over the PIN step (1280 px)', async () => {
      await main.getByRole('button', { name: 'Withdraw' }).click();
      await prompt.waitFor();
      await expect
        .poll(() => prompt.textContent())
        .toContain('Enter the 6-digit code from your authenticator app to confirm this change.');
      expect(await prompt.getByLabel('6-digit code').getAttribute('autocomplete')).toBe(
        'one-time-code',
      );
      expect(await main.getByLabel('PIN', { exact: true }).inputValue()).toBe(PIN);
      expect(sent).toEqual([{ key: expect.any(String) as string, status: 401 }]);
      // The prompt itself, as axe-core finds it (WCAG 2.1 AA, as accessibility.e2e.ts scans pages).
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
      );
      const { violations } = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(violations.map((violation) => violation.id)).toEqual([]);
    });
    await step('the same prompt on a phone (360 px)', async () => {
      await page.setViewportSize(PHONE);
      await prompt.getByRole('button', { name: 'Confirm' }).waitFor();
    });
    await step('a wrong code is said in place, and sends nothing', async () => {
      // Ten minutes ahead: the right format, outside the one step either side the API allows.
      await prompt
        .getByLabel('6-digit code')
        .fill(authenticatorCode(secret, Date.now() + 10 * 60_000));
      await prompt.getByRole('button', { name: 'Confirm' }).click();
      await prompt.getByText('That code is not right.', { exact: false }).waitFor();
      expect(await main.getByLabel('PIN', { exact: true }).inputValue()).toBe(PIN);
      expect(sent).toHaveLength(1);
    });
    await page.setViewportSize(DESKTOP);

    await step('the right code sends the same request, which goes through', async () => {
      await prompt.getByLabel('6-digit code').fill(nextAuthenticatorCode(secret));
      await prompt.getByRole('button', { name: 'Confirm' }).click();
      await main
        .getByRole('link', { name: 'Go to withdrawal history' })
        .waitFor({ timeout: 20_000 });
      expect(await prompt.count()).toBe(0);
    });

    // One withdrawal, under the key of the refused request: it could never have paid twice.
    expect(sent.map(({ status }) => status)).toEqual([401, 201]);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    await step('the history holds that one withdrawal', async () => {
      await main.getByRole('link', { name: 'Go to withdrawal history' }).click();
      await waitForPath(page, '/dashboard/transaction-history/withdrawal');
      await main
        .getByRole('link', { name: /Guaranty Trust Bank/ })
        .first()
        .waitFor();
      expect(await main.getByRole('link', { name: /Guaranty Trust Bank/ }).count()).toBe(1);
    });
  });
});
