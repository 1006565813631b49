import { cardWithTwoRates } from './support/admin-catalog';
import { expectRateChangeInTrail, filterAuditByAction } from './support/audit-desk';
import { downloadYesterdaysBooks } from './support/books-desk';
import { addCardInCatalog, uploadCardImage } from './support/catalog-desk';
import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import {
  pasteRateSheet,
  publishDraft,
  reviewDraft,
  showCardOnRateSheet,
} from './support/rate-desk';
import { inviteOperator, invitedOperatorJoins, newInvitee } from './support/staff-desk';
import { describe, expect, test } from './support/test';
import { signInToConsole } from './support/ui';

/** A whole morning in one browser session takes longer than one desk's test. */
const WHOLE_DAY_MS = 120_000;

/**
 * A whole day on the console's desks in one go: each desk has its own test; this one walks them in the
 * order an admin's day does, in one signed-in session, so the desks are shown to work together
 * (the audit trail finds the rates this same session published).
 */
describe('a day at the console', () => {
  test(
    'an admin publishes tomorrow’s pasted rates, adds a card with its image, invites an operator who sees no staff screen, finds the rate change in the audit trail and downloads yesterday’s books',
    { timeout: WHOLE_DAY_MS },
    async ({ page, secondPage: operatorPage, baseUrl, step }) => {
      const stamp = String(Date.now()).slice(-6);
      // Subcategory names no other test uses, so the audit trail's rows name only these; they
      // sort by name in the order they are pasted, so the review lists them in that order.
      const sheet = {
        card: `Morning Rates ${stamp}`,
        physical: `USA physical ${stamp}`,
        ecode: `USA virtual ${stamp}`,
      };
      const physicalRow = `${sheet.card} / ${sheet.physical}`;
      const ecodeRow = `${sheet.card} / ${sheet.ecode}`;
      const newCard = `Karta Day ${stamp}`;
      const invitee = newInvitee();
      // Yesterday's sheet, already in the catalog: ₦1,000 and ₦900.
      const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
      await cardWithTwoRates(baseUrl, token, sheet);

      await step('the admin signs in and opens the rate sheet from the console', async () => {
        await signInToConsole(page, '/console', E2E_ADMIN);
        await openConsoleDesk(page, 'Rates');
        await showCardOnRateSheet(page, sheet.card, { rows: 2, row: physicalRow, rate: '1000' });
      });
      await step('pastes tomorrow’s sheet, comma-separated with a header', async () => {
        await pasteRateSheet(
          page,
          ['Subcategory,Rate', `${physicalRow},1080`, `${ecodeRow},1000.00`],
          2,
        );
      });
      await step('reviews old → new, the big move marked, and publishes', async () => {
        const changes = await reviewDraft(page, [
          '₦1,000.00 → ₦1,080.00 +8.0 %',
          '₦900.00 → ₦1,000.00 +11.1 %',
        ]);
        await expect.poll(() => changes.nth(0).getAttribute('data-big-move')).toBeNull();
        await expect.poll(() => changes.nth(1).getAttribute('data-big-move')).toBe('true');
        await publishDraft(page, { [physicalRow]: '1080', [ecodeRow]: '1000' });
      });

      await step('adds a card in the catalog', async () => {
        await openConsoleDesk(page, 'Catalog');
        await addCardInCatalog(page, { name: newCard, brandColour: '#0F766E', sortOrder: '3' });
      });
      await step('uploads its image with a progress bar, and sees it', async () => {
        await uploadCardImage(page, newCard);
      });

      await step('invites an operator by e-mail from Staff', async () => {
        await openConsoleDesk(page, 'Staff');
        await inviteOperator(page, invitee);
      });
      await invitedOperatorJoins(step, operatorPage, baseUrl, invitee.email);

      await step('back as admin, the audit trail filtered to rate changes', async () => {
        await openConsoleDesk(page, 'Audit trail');
        await filterAuditByAction(page, 'Rate changed', 'catalog.subcategory.rate');
      });
      await step('shows this morning’s changes with old → new, by the admin', async () => {
        await expectRateChangeInTrail(page, {
          subcategory: sheet.physical,
          from: '₦1,000.00',
          to: '₦1,080.00',
          actor: E2E_ADMIN.email,
        });
        await expectRateChangeInTrail(page, {
          subcategory: sheet.ecode,
          from: '₦900.00',
          to: '₦1,000.00',
          actor: E2E_ADMIN.email,
        });
      });

      await step('downloads yesterday’s books as CSV from Books', async () => {
        await openConsoleDesk(page, 'Books');
        await downloadYesterdaysBooks(page);
      });
    },
  );
});
