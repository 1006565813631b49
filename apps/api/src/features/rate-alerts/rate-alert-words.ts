import { formatKoboForPeople } from '@karta/shared/money';
import type { AppContext } from '../../app-context';
import { buildNoticeMail } from '../mail/mail-layout';
import type { FiredAlertRow } from './rate-alerts.repository';

/** Where the seller checks the rate and works out a trade: the dashboard's calculator. */
export const RATE_CALCULATOR_PATH = '/dashboard/rate-calculator';

/** "$1", "£1", or "1 XYZ" for a currency Intl does not know. */
function oneUnitOf(currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    }).format(1);
  } catch {
    return `1 ${currency}`;
  }
}

/** The words one fired alert is told in, the same in the bell and in the mail. */
export function describeFiredAlert(fired: FiredAlertRow) {
  const rate = formatKoboForPeople(BigInt(fired.to_kobo));
  const before = formatKoboForPeople(BigInt(fired.from_kobo));
  const target = formatKoboForPeople(BigInt(fired.target_kobo));
  const unit = oneUnitOf(fired.currency);
  const what = `${fired.card_name} ${fired.subcategory_name}`;
  return {
    title: `${what} is now ${rate} per ${unit}`,
    body: `The rate for ${what} went up from ${before} to ${rate} per ${unit}, reaching your alert of ${target}. Rates can change again at any time: a trade gets the rate shown when you submit it.`,
    rate,
    before,
    target,
    unit,
    what,
  };
}

/**
 * Sent after the rate change is committed, one mail per fired alert. A mail that cannot be sent
 * is logged and skipped: the notice in the bell already tells the seller.
 */
export async function mailFiredAlert(ctx: AppContext, fired: FiredAlertRow) {
  const words = describeFiredAlert(fired);
  const mail = buildNoticeMail({
    to: fired.email,
    firstName: fired.first_name,
    subject: `Rate alert: ${words.title}`,
    paragraphs: [
      `Good news: the rate for your ${fired.card_name} gift card (${fired.subcategory_name}) went up from ${words.before} to ${words.rate} per ${words.unit}. You asked us to tell you when it reached ${words.target}.`,
      'Rates can change again at any time. A trade gets the rate shown when you submit it, and keeps it while we review your card.',
      'We send this at most once a day for each alert. You can change or delete your alerts in Settings, under Rate alerts.',
    ],
    highlight: { label: `New rate per ${words.unit}`, value: words.rate },
    link: {
      label: 'Open the rate calculator',
      url: `${ctx.config.publicUrl}${RATE_CALCULATOR_PATH}`,
    },
    supportEmail: ctx.config.supportEmail,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.error({ err, alertId: fired.alert_id }, 'rate alert mail could not be sent');
  }
}
