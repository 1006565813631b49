import { getLagosDate } from '@karta/shared/dates';
import type { DeviceKind } from '@karta/shared/constants';
import { dataExportFileName, type DataExport } from '@karta/shared/schemas/data-export';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../lib/users';
import { exportAccount } from '../accounts/account-export.service';
import {
  exportAccountApprovals,
  exportBeneficiaries,
} from '../beneficiaries/beneficiary-export.service';
import { exportWallet } from '../ledger/wallet-export.service';
import { exportKycDocuments } from '../kyc-documents/kyc-documents-export.service';
import { exportSupport } from '../support/support-export.service';
import { exportNotices } from '../notices/notice-export.service';
import { recordNotice } from '../notices/notices.service';
import { exportRateAlerts } from '../rate-alerts/rate-alert-export.service';
import { exportReferrals } from '../referrals/referral-export.service';
import { exportSessions } from '../sessions/session-export.service';
import { exportTrades } from '../trades/trade-export.service';
import { exportWithdrawals } from '../withdrawals/withdrawal-export.service';
import { countDataExport } from './data-export-throttle';
import { downloadedWords, mailDataExported, NOT_YOU } from './data-export-mail';

const aboutText = (supportEmail: string) =>
  `Everything Karta holds about you, as of made_at (docs/data-protection.md says what we keep, for how long and why). Photos are described, not included: write to ${supportEmail} for a copy, or with any question.`;

/**
 * Reads everything Karta holds about the seller (Nigeria Data Protection Act 2023: the right of access), each
 * part from the feature that owns it, in one read-only snapshot so the parts agree with each
 * other (a withdrawal and its wallet lines, a trade and its credit).
 */
async function readSellerData(ctx: AppContext, user: UserRow): Promise<DataExport> {
  const now = ctx.clock.now();
  return ctx.db.transaction(
    async (tx) => {
      // One after the other: a transaction is one connection, which runs one statement at a time.
      const account = await exportAccount(tx, user);
      const sessions = await exportSessions(tx, { userId: user.id, now });
      const trades = await exportTrades(tx, user.id, now);
      const withdrawals = await exportWithdrawals(tx, user.id);
      const wallet = await exportWallet(tx, user.id);
      const beneficiaries = await exportBeneficiaries(tx, user.id);
      const accountApprovals = await exportAccountApprovals(tx, user.id);
      const notices = await exportNotices(tx, user.id);
      const referrals = await exportReferrals(tx, user.id);
      const rateAlerts = await exportRateAlerts(tx, user.id);
      const kycDocuments = await exportKycDocuments(tx, user.id);
      const support = await exportSupport(tx, user.id);
      return {
        format: 'karta-data-export' as const,
        version: 1 as const,
        made_at: now.toISOString(),
        about: aboutText(ctx.config.supportEmail),
        ...account,
        sessions,
        trades,
        withdrawals,
        wallet,
        beneficiaries,
        account_approvals: accountApprovals,
        notices,
        referrals,
        rate_alerts: rateAlerts,
        kyc_documents: kycDocuments,
        support,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The seller's download of their own data: counted against the hourly limit first, then read,
 * then told (a notice in the bell and a mail), so a download by someone else is noticed. The
 * file's name carries the Lagos date.
 */
export async function exportSellerData(
  ctx: AppContext,
  options: { user: UserRow; device: DeviceKind },
): Promise<{ fileName: string; body: string }> {
  const { user, device } = options;
  await countDataExport(ctx, user.id);
  const data = await readSellerData(ctx, user);
  const at = ctx.clock.now();
  await recordNotice(ctx.db, {
    userId: user.id,
    kind: 'data_exported',
    title: 'Your Karta data was downloaded',
    body: `${downloadedWords(at, device)} ${NOT_YOU}`,
    at,
  });
  await mailDataExported(ctx, { user, at, device });
  return { fileName: dataExportFileName(getLagosDate(at)), body: JSON.stringify(data, null, 2) };
}
