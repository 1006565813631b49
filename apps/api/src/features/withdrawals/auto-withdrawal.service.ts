import { createHash } from 'node:crypto';
import { formatKoboForPeople as naira } from '@karta/shared/money';
import type { AutoWithdrawalInput, AutoWithdrawalState } from '@karta/shared/schemas/users';
import { checkWithdrawalSize, WITHDRAWAL_MIN_KOBO } from '@karta/shared/withdrawal-rules';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { kycTierOf } from '../../lib/kyc-state';
import * as users from '../../lib/users';
import { saveAutoWithdrawalSwitch, toAutoWithdrawalState } from '../accounts/account.service';
import { checkWithdrawalPin } from '../accounts/pin.service';
import { findLiveBeneficiary } from '../beneficiaries/beneficiaries.service';
import { notOwnAccountError, notOwnAccountReason } from '../beneficiaries/own-accounts.service';
import { lockBalancesOf } from '../ledger/ledger.service';
import { buildNoticeMail } from '../mail/mail-layout';
import { recordNotice } from '../notices/notices.service';
import { placeWithdrawal } from './place-withdrawal';
import type { WithdrawalRow } from './withdrawals.repository';

/**
 * Automatic withdrawal (decision 038). The seller turns it on with their PIN and a
 * saved account; from then on each approved trade's credit leaves for that account, less the
 * fee, in the transaction of the credit (trades/trade-credit.ts calls in here), through the
 * same `placeWithdrawal` as a withdrawal they ask for. No PIN is typed then, so every credit
 * checks again what the PIN would have: the account is active, withdrawals are not locked,
 * the BVN is verified, the saved account is still there. A broken rule turns it off and says
 * why; a limit only keeps this one credit in the wallet.
 */

const SETTINGS_LINK = '/dashboard/settings/account/automatic-withdrawal';
const WITHDRAW_LINK = '/dashboard/withdraw';
const KYC_REQUIRED = 'Verify your BVN before you turn on automatic withdrawal.';
const ACCOUNT_NOT_FOUND = 'We could not find this withdrawal account.';

const masked = (account: { bankName: string; accountNumber: string }) =>
  `${account.bankName} ••••${account.accountNumber.slice(-4)}`;

/** Turns automatic withdrawal on (saved account + PIN) or off; answers its new state. */
export async function switchAutoWithdrawal(
  ctx: AppContext,
  options: { user: users.UserRow; ip: string; input: AutoWithdrawalInput },
): Promise<AutoWithdrawalState> {
  const { user, input } = options;
  const actor = { userId: user.id, ip: options.ip };
  if (!input.enabled) {
    const row = await ctx.db.transaction(async (tx) => {
      await users.lockUser(tx, user.id);
      const locked = await users.findUserById(tx, user.id);
      if (!locked?.autoWithdrawalBeneficiaryId) return locked;
      await recordAudit(tx, {
        actor,
        action: 'auto_withdrawal.off',
        targetType: 'user',
        targetId: user.id,
        before: { beneficiary_id: locked.autoWithdrawalBeneficiaryId },
        after: { beneficiary_id: null },
      });
      return saveAutoWithdrawalSwitch(tx, user.id, {
        beneficiaryId: null,
        stoppedReason: null,
        at: ctx.clock.now(),
      });
    });
    if (!row) throw new AppError('NOT_FOUND', 'We could not find this account.');
    return toAutoWithdrawalState(row);
  }

  if (!user.kycVerified || kycTierOf(user) === 0) {
    throw new AppError('BAD_REQUEST', KYC_REQUIRED, { field: 'bvn' });
  }
  await checkWithdrawalPin(ctx, { user, pin: input.pin, ip: options.ip });
  const beneficiary = isUuid(input.beneficiary_account_id)
    ? await findLiveBeneficiary(ctx, { userId: user.id, id: input.beneficiary_account_id })
    : undefined;
  if (!beneficiary) {
    throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND, { field: 'beneficiary_account_id' });
  }
  // Each credit checks it again (placeWithdrawal); saying so now spares a credit's notice.
  const notOwn = await notOwnAccountReason(ctx.db, { user, ...beneficiary });
  if (notOwn) throw notOwnAccountError(notOwn, 'beneficiary_account_id');
  const row = await ctx.db.transaction(async (tx) => {
    await users.lockUser(tx, user.id);
    const locked = await users.findUserById(tx, user.id);
    // The account may have been deleted since it was looked up: the lock makes that final.
    if (!(await findLiveBeneficiary(ctx, { userId: user.id, id: beneficiary.id }, tx))) {
      throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND, { field: 'beneficiary_account_id' });
    }
    await recordAudit(tx, {
      actor,
      action: 'auto_withdrawal.on',
      targetType: 'user',
      targetId: user.id,
      before: { beneficiary_id: locked?.autoWithdrawalBeneficiaryId ?? null },
      after: { beneficiary_id: beneficiary.id },
    });
    return saveAutoWithdrawalSwitch(tx, user.id, {
      beneficiaryId: beneficiary.id,
      stoppedReason: null,
      at: ctx.clock.now(),
    });
  });
  return toAutoWithdrawalState(row);
}

/**
 * First step of a credit that may leave at once: the seller's row is locked (a switch waits for
 * the approval, or the approval sees the switch), and when automatic withdrawal is on, their
 * balances too, before the credit posts: the same order as the seller's own withdrawal takes,
 * so the two never wait on each other. Answers the locked seller.
 */
export async function lockForAutoWithdrawal(tx: Executor, userId: string) {
  const seller = await users.lockAndFindUser(tx, userId);
  if (seller?.autoWithdrawalBeneficiaryId) await lockBalancesOf(tx, userId);
  return seller;
}

export type AutoWithdrawalOutcome =
  | { kind: 'none' }
  | { kind: 'queued'; withdrawal: WithdrawalRow }
  /** This credit stays in the wallet (a limit); automatic withdrawal stays on. */
  | { kind: 'skipped'; user: users.UserRow; creditKobo: bigint; reason: string }
  /** A rule turned automatic withdrawal off; this credit stays in the wallet. */
  | { kind: 'stopped'; user: users.UserRow; creditKobo: bigint; reason: string };

/** Why the rules no longer let money leave without the PIN; null when they still do. */
function stopReasonOf(seller: users.UserRow, now: Date): string | null {
  if (seller.status === 'suspended') return 'Your account is suspended.';
  if (seller.status !== 'active') return 'Your account is not active.';
  if (seller.pinLockedUntil && seller.pinLockedUntil > now)
    return 'Withdrawals are locked after too many wrong PINs.';
  if (!seller.pinHash) return 'You have no withdrawal PIN.';
  if (!seller.kycVerified || kycTierOf(seller) === 0) return 'Your BVN is not verified.';
  return null;
}

/**
 * After an approved trade's credit posted, in its transaction: sends the credit, less the fee,
 * to the seller's chosen account when automatic withdrawal is on and every rule allows it. Its
 * idempotency key is the trade's (`auto:trade:<id>`), and a unique index allows one automatic
 * withdrawal per trade. The payout job is queued in the transaction, so the worker sees it once
 * the approval commits, exactly as for a withdrawal the seller asks for.
 */
export async function queueAutoWithdrawal(
  ctx: AppContext,
  tx: Executor,
  options: {
    seller: users.UserRow | undefined;
    trade: { id: string; reference: string };
    creditKobo: bigint;
    now: Date;
  },
): Promise<AutoWithdrawalOutcome> {
  const { seller, trade, creditKobo, now } = options;
  if (!seller?.autoWithdrawalBeneficiaryId) return { kind: 'none' };
  const beneficiary = await findLiveBeneficiary(
    ctx,
    { userId: seller.id, id: seller.autoWithdrawalBeneficiaryId },
    tx,
  );
  const stopReason =
    stopReasonOf(seller, now) ?? (beneficiary ? null : 'The account it sent to was deleted.');
  if (stopReason || !beneficiary) {
    const reason = stopReason ?? 'The account it sent to was deleted.';
    const user = await saveAutoWithdrawalSwitch(tx, seller.id, {
      beneficiaryId: null,
      stoppedReason: reason,
      at: now,
    });
    if (seller.status === 'deleted') return { kind: 'none' };
    await recordNotice(tx, {
      userId: seller.id,
      kind: 'auto_withdrawal_off',
      title: 'Automatic withdrawal is off',
      body: `${reason} ${naira(creditKobo)} from trade ${trade.reference} stays in your wallet. You can turn automatic withdrawal on again in Settings.`,
      link: SETTINGS_LINK,
      at: now,
    });
    return { kind: 'stopped', user, creditKobo, reason };
  }

  const { feeKobo, maxKobo } = ctx.config.withdrawals;
  const amountKobo = creditKobo - feeKobo;
  // The tier's limits are checked by placeWithdrawal, with the seller's row locked: a credit over
  // the tier's room stays in the wallet with a notice, as any other limit (decision 063).
  const sizeProblem = checkWithdrawalSize(amountKobo, {
    minKobo: WITHDRAWAL_MIN_KOBO,
    maxKobo,
    tier: kycTierOf(seller),
    ladder: ctx.config.kycTiers,
  });
  const placed = sizeProblem
    ? { problem: sizeProblem }
    : await placeWithdrawal(ctx, tx, {
        userId: seller.id,
        amountKobo,
        destination: {
          bankCode: beneficiary.bankCode,
          bankName: beneficiary.bankName,
          accountNumber: beneficiary.accountNumber,
          accountName: beneficiary.accountName,
          beneficiaryId: beneficiary.id,
          recipientCode: beneficiary.recipientCode,
          saveAsBeneficiary: false,
        },
        idempotencyKey: `auto:trade:${trade.id}`,
        requestHash: createHash('sha256').update(`auto:trade:${trade.id}`).digest('hex'),
        tradeId: trade.id,
        now,
      });
  if ('row' in placed) return { kind: 'queued', withdrawal: placed.row };
  const reason = placed.problem.message;
  await recordNotice(tx, {
    userId: seller.id,
    kind: 'auto_withdrawal_skipped',
    title: `${naira(creditKobo)} stayed in your wallet`,
    body: `We did not send ${naira(creditKobo)} from trade ${trade.reference} to ${masked(beneficiary)} automatically. ${reason} You can withdraw it yourself; automatic withdrawal stays on for your next trades.`,
    link: WITHDRAW_LINK,
    at: now,
  });
  return { kind: 'skipped', user: seller, creditKobo, reason };
}

/** What the trade-approved mail adds when the credit left at once. */
export function autoWithdrawalMailLine(outcome: AutoWithdrawalOutcome) {
  if (outcome.kind !== 'queued') return null;
  const row = outcome.withdrawal;
  return `Automatic withdrawal is on, so ${naira(row.amountKobo)} (the credit less the ${naira(row.feeKobo)} fee) is on its way to ${masked(row)}. We will e-mail you when it lands.`;
}

/** After the commit: the seller hears why a credit stayed in the wallet. */
export async function mailAutoWithdrawalOutcome(ctx: AppContext, outcome: AutoWithdrawalOutcome) {
  if (outcome.kind !== 'skipped' && outcome.kind !== 'stopped') return;
  const amount = naira(outcome.creditKobo);
  const content =
    outcome.kind === 'stopped'
      ? {
          subject: 'Automatic withdrawal is off',
          paragraphs: [
            `We turned automatic withdrawal off. ${outcome.reason}`,
            `${amount} from your approved trade stays in your Karta wallet. You can withdraw it yourself, or turn automatic withdrawal on again in Settings once this is sorted.`,
          ],
          link: {
            label: 'Automatic withdrawal settings',
            url: ctx.config.publicUrl + SETTINGS_LINK,
          },
        }
      : {
          subject: `${amount} stayed in your wallet`,
          paragraphs: [
            `We did not send ${amount} from your approved trade automatically. ${outcome.reason}`,
            'You can withdraw it yourself. Automatic withdrawal stays on for your next trades.',
          ],
          link: { label: 'Withdraw', url: ctx.config.publicUrl + WITHDRAW_LINK },
        };
  try {
    await ctx.mailer.send(
      buildNoticeMail({
        to: outcome.user.email,
        firstName: outcome.user.firstName,
        ...content,
        highlight: { label: 'In your wallet', value: amount },
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, userId: outcome.user.id }, 'auto-withdrawal mail could not be sent');
  }
}

/**
 * An automatic payout failed (or the bank returned it), in the transaction of its refund:
 * automatic withdrawal turns off, so the next credit does not follow it to the same account.
 * Answers the words the failure mail adds, or null when it was already off.
 */
export async function stopAutoWithdrawalAfterFailure(
  tx: Executor,
  row: WithdrawalRow,
  now: Date,
): Promise<string | null> {
  if (!row.tradeId) return null;
  await users.lockUser(tx, row.userId);
  const seller = await users.findUserById(tx, row.userId);
  if (!seller?.autoWithdrawalBeneficiaryId) return null;
  const total = naira(row.amountKobo + row.feeKobo);
  const reason = `The automatic withdrawal of ${naira(row.amountKobo)} to ${masked(row)} did not go through.`;
  await saveAutoWithdrawalSwitch(tx, row.userId, {
    beneficiaryId: null,
    stoppedReason: reason,
    at: now,
  });
  await recordNotice(tx, {
    userId: row.userId,
    kind: 'auto_withdrawal_off',
    title: 'Automatic withdrawal is off',
    body: `${reason} The full ${total} is back in your wallet. Check the account, then turn automatic withdrawal on again in Settings.`,
    link: SETTINGS_LINK,
    at: now,
  });
  return 'We turned automatic withdrawal off, so your next trades stay in your wallet. Check the account, then turn it on again in Settings.';
}
