import { getLagosDate } from '@karta/shared/dates';
import {
  SELLER_NOT_FOUND,
  SELLER_PAGE_SIZE,
  SELLER_SEARCH_CAP,
  type SellerAction,
  type SellerProfile,
  type SellerSearchQuery,
  type SellerSearchResult,
  type SellerSummary,
} from '@karta/shared/schemas/sellers-desk';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { pageMeta } from '../../lib/paging';
import { findUserById, type UserRow } from '../../lib/users';
import { listAccountApprovals } from '../beneficiaries/own-accounts.service';
import { listReferrals } from '../referrals/referrals.service';
import { listActiveSessions } from '../sessions/sessions.service';
import { countDuplicateCards } from '../trades/trade-duplicates.service';
import { listUserTrades } from '../trades/trades.service';
import { hasTwoStep } from '../accounts/two-step.service';
import { getStatement, getWallet } from '../wallet/wallet.service';
import { listUserWithdrawals } from '../withdrawals/withdrawals.service';
import * as sellers from './sellers.repository';

/** Each list on the seller page shows its newest ten; the console's desks have the rest. */
const RECENT = { page: 1, size: 10 };
const FLAG_DAYS = 30;
const ACTIONS_SHOWN = 20;

const toSummary = (row: UserRow): SellerSummary => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  mobile_number: row.mobileNumber,
  referral_code: row.referralCode,
  role: row.role,
  status: row.status,
  kyc_verified: row.kycVerified,
  created_at: row.createdAt.toISOString(),
});

export async function searchSellers(
  ctx: AppContext,
  query: SellerSearchQuery,
): Promise<SellerSearchResult> {
  const { rows, total } = await sellers.searchUsers(ctx.db, {
    text: query.q,
    cap: SELLER_SEARCH_CAP,
    limit: SELLER_PAGE_SIZE,
    offset: (query.page - 1) * SELLER_PAGE_SIZE,
  });
  return {
    data: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
    meta: pageMeta(
      { page: query.page, size: SELLER_PAGE_SIZE },
      Math.min(total, SELLER_SEARCH_CAP),
    ),
    is_capped: total > SELLER_SEARCH_CAP,
  };
}

/**
 * The staff member's reason. A tier change (decision 063) keeps an event's name in `reason`
 * (`bvn_verified`…) and an admin's words in `note`: only the words are a reason.
 */
const reasonOf = (action: string, after: unknown): string | null => {
  const { reason, note } = (after ?? {}) as { reason?: unknown; note?: unknown };
  if (typeof note === 'string') return note;
  if (action === 'user.kyc_tier') return null;
  return typeof reason === 'string' ? reason : null;
};

async function listActions(ctx: AppContext, userId: string): Promise<SellerAction[]> {
  const rows = await sellers.listAccountAudit(ctx.db, userId, ACTIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor_name:
      row.actorFirstName === null
        ? null
        : `${row.actorFirstName} ${row.actorLastName ?? ''}`.trim(),
    reason: reasonOf(row.action, row.after),
    created_at: row.createdAt.toISOString(),
  }));
}

/** Rejected trades submitted in the last 30 Lagos days (today included). */
async function countRecentRejections(ctx: AppContext, userId: string) {
  const now = ctx.clock.now();
  const from = getLagosDate(addSeconds(now, -(FLAG_DAYS - 1) * 24 * 60 * 60));
  const { meta } = await listUserTrades(ctx, {
    userId,
    query: { page: 1, size: 1, status: 'rejected', date_query: { from, to: getLagosDate(now) } },
  });
  return meta.total;
}

/** The seller page: who they are, their money, their records and what operators did. */
export async function getSellerProfile(ctx: AppContext, userId: string): Promise<SellerProfile> {
  const user = isUuid(userId) ? await findUserById(ctx.db, userId) : undefined;
  if (!user) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND, { field: 'id' });
  const list = { ...RECENT, status: undefined, date_query: undefined };
  const [
    wallet,
    statement,
    trades,
    withdrawals,
    referrals,
    sessions,
    rejected,
    lookalikes,
    actions,
    accountApprovals,
  ] = await Promise.all([
    getWallet(ctx, user.id),
    getStatement(ctx, { userId: user.id, page: RECENT }),
    listUserTrades(ctx, { userId: user.id, query: list }),
    listUserWithdrawals(ctx, { userId: user.id, query: list }),
    listReferrals(ctx, { userId: user.id, page: RECENT }),
    listActiveSessions(ctx, user.id),
    countRecentRejections(ctx, user.id),
    countDuplicateCards(ctx, user.id),
    listActions(ctx, user.id),
    listAccountApprovals(ctx, user.id),
  ]);
  const now = ctx.clock.now();
  return {
    ...toSummary(user),
    gender: user.gender,
    date_of_birth: user.dateOfBirth,
    bvn_last4: user.bvnLast4,
    kyc_verified_at: user.kycVerifiedAt?.toISOString() ?? null,
    kyc_tier: user.kycTier,
    nin_last4: user.ninLast4,
    two_factor_on: await hasTwoStep(ctx.db, user),
    has_pin: user.pinHash !== null,
    pin_locked_until:
      user.pinLockedUntil && user.pinLockedUntil > now ? user.pinLockedUntil.toISOString() : null,
    wallet,
    statement,
    trades,
    withdrawals,
    referrals,
    sessions,
    flags: { rejected_trades_30_days: rejected, duplicate_cards: lookalikes },
    actions,
    account_approvals: accountApprovals,
  };
}
