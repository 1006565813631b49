import { addMonths, getLagosMonth } from '@karta/shared/dates';
import { STATEMENT_MESSAGES } from '@karta/shared/schemas/wallet';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { startOfLagosMonth } from '../../lib/lagos-time';
import { maskEmail } from '../../lib/mask-email';
import type { UserRow } from '../../lib/users';
import { readWalletPeriod } from '../ledger/ledger.service';

/** One line of a month's statement: a posting to the wallet, with the balance it left. */
export interface StatementLine {
  at: Date;
  description: string;
  reference: string | null;
  /** Kobo; positive into the wallet, negative out of it. */
  amountKobo: bigint;
  balanceKobo: bigint;
}

/** A Lagos calendar month of a seller's wallet, as both statement files show it. */
export interface MonthStatement {
  /** yyyy-MM */
  month: string;
  /** The month's first instant. */
  from: Date;
  /** The last moment the statement covers: the month's end, or now for the current month. */
  closedAt: Date;
  isCurrentMonth: boolean;
  madeAt: Date;
  seller: { name: string; email: string; mobile: string | null };
  openingKobo: bigint;
  moneyInKobo: bigint;
  moneyOutKobo: bigint;
  closingKobo: bigint;
  /** Money on its way to the seller's bank when the statement closes: not in the wallet. */
  heldAtCloseKobo: bigint;
  lines: StatementLine[];
}

/**
 * A ten-digit bank account number (NUBAN) in a description, as lists show it (docs/brand.md): the
 * file leaves the app, so it carries the last four digits only.
 */
const maskAccountNumbers = (text: string) =>
  text.replace(/\b\d{6}(\d{4})\b/g, (_whole, lastFour: string) => `•••• ${lastFour}`);

/** "+2348012345678" → "+234 ••• ••• 5678". */
const maskMobile = (mobile: string | null) =>
  mobile ? `${mobile.slice(0, 4)} ••• ••• ${mobile.slice(-4)}` : null;

function checkMonth(month: string, user: UserRow, now: Date): void {
  if (month > getLagosMonth(now)) {
    throw new AppError('VALIDATION', STATEMENT_MESSAGES.FUTURE_MONTH, { field: 'month' });
  }
  const firstMonth = getLagosMonth(user.createdAt);
  if (month < firstMonth) {
    throw new AppError('VALIDATION', STATEMENT_MESSAGES.beforeAccount(firstMonth), {
      field: 'month',
    });
  }
}

/**
 * The seller's wallet over one Lagos calendar month (decision 042), from the ledger: the opening
 * balance is the sum of the wallet's postings before the month's first instant, each line adds
 * its posting, and the closing balance is the opening plus the month's postings. For the
 * current month that is the wallet's balance now, what the dashboard shows as available.
 */
export async function getMonthStatement(
  ctx: AppContext,
  user: UserRow,
  month: string,
): Promise<MonthStatement> {
  const now = ctx.clock.now();
  checkMonth(month, user, now);
  const from = startOfLagosMonth(month);
  const end = startOfLagosMonth(addMonths(month, 1));
  const isCurrentMonth = month === getLagosMonth(now);
  const period = await readWalletPeriod(ctx.db, { userId: user.id, from, to: end });

  let balance = period.openingKobo;
  let moneyInKobo = 0n;
  let moneyOutKobo = 0n;
  const lines = period.postings.map((posting) => {
    balance += posting.amountKobo;
    if (posting.amountKobo > 0n) moneyInKobo += posting.amountKobo;
    else moneyOutKobo -= posting.amountKobo;
    return {
      at: posting.at,
      description: maskAccountNumbers(posting.description),
      reference: posting.reference,
      amountKobo: posting.amountKobo,
      balanceKobo: balance,
    };
  });
  return {
    month,
    from,
    closedAt: isCurrentMonth ? now : new Date(end.getTime() - 1000),
    isCurrentMonth,
    madeAt: now,
    seller: {
      name: `${user.firstName} ${user.lastName}`,
      email: maskEmail(user.email),
      mobile: maskMobile(user.mobileNumber),
    },
    openingKobo: period.openingKobo,
    moneyInKobo,
    moneyOutKobo,
    closingKobo: balance,
    heldAtCloseKobo: period.heldAtEndKobo,
    lines,
  };
}
