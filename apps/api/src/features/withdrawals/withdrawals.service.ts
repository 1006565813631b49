import type { WithdrawalListQuery } from '@karta/shared/schemas/withdrawals';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { lagosDayRange } from '../../lib/lagos-time';
import { offsetOf, pageMeta } from '../../lib/paging';
import { toWithdrawalView } from './withdrawal-view';
import * as withdrawals from './withdrawals.repository';

const NOT_FOUND = 'We could not find this withdrawal.';

/** The user's withdrawals, newest first, filtered by status and Lagos days. */
export async function listUserWithdrawals(
  ctx: AppContext,
  options: { userId: string; query: WithdrawalListQuery },
) {
  const { query } = options;
  const { rows, total } = await withdrawals.listWithdrawals(ctx.db, {
    filter: {
      userId: options.userId,
      status: query.status,
      ...lagosDayRange(query.date_query),
    },
    limit: query.size,
    offset: offsetOf(query),
  });
  return { data: rows.map(toWithdrawalView), meta: pageMeta(query, total) };
}

/** One withdrawal by its transaction id (`wd_…`) or id; another user's is not found. */
export async function getUserWithdrawal(
  ctx: AppContext,
  options: { userId: string; transactionId: string },
) {
  const { transactionId } = options;
  const reference = isUuid(transactionId)
    ? `wd_${transactionId.toLowerCase().replaceAll('-', '')}`
    : transactionId;
  const row = /^wd_[0-9a-f]{32}$/.test(reference)
    ? await withdrawals.findByReference(ctx.db, reference)
    : undefined;
  if (!row || row.userId !== options.userId) {
    throw new AppError('NOT_FOUND', NOT_FOUND, { field: 'transaction_id' });
  }
  return toWithdrawalView(row);
}
