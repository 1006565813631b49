import { notOwnAccountMessage, type AccountApproval } from '@karta/shared/schemas/beneficiaries';
import type { BankAccountInput } from '@karta/shared/schemas/finance';
import { SELLER_NOT_FOUND } from '@karta/shared/schemas/sellers-desk';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/audit-log';
import { recordAudit } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { findUserById, lockUser, type UserRow } from '../../lib/users';
import { resolveBankAccount } from '../finance/account-resolution.service';
import { buildNoticeMail } from '../mail/mail-layout';
import { recordNotice } from '../notices/notices.service';
import * as approvals from './account-approvals.repository';
import { isOwnAccountName } from './account-name-match';
import * as beneficiaries from './beneficiaries.repository';

/**
 * Money goes only to the seller's own accounts (decision 064): a bank account whose name (the
 * bank's, never the client's) is not the seller's BVN name is refused wherever money would go
 * to it, unless an operator approved that one account. The seller asks; an operator answers
 * on the seller's console page, with a note the seller reads; both are audited.
 */

const ACCOUNTS_LINK = '/dashboard/settings/account/withdrawal-account';
const APPROVAL_NOT_FOUND = 'We could not find this request.';
const ALREADY_OWN = 'This account is in your own name: add it, no approval is needed.';
const ALREADY_APPROVED = 'Karta has already approved this account: add it.';
const ALREADY_DECIDED = 'This request was already answered.';
/** The seller page lists this many of a seller's requests, newest first. */
const APPROVALS_SHOWN = 10;

type Holder = Pick<UserRow, 'id' | 'firstName' | 'lastName'>;

const holderOf = (user: Holder) => ({ firstName: user.firstName, lastName: user.lastName });

const masked = (account: { bankName: string; accountNumber: string }) =>
  `${account.bankName} ••••${account.accountNumber.slice(-4)}`;

/**
 * Why money may not go to this account, in the seller's words; null when it may: the bank's
 * name is the seller's own, or an operator approved this account for this seller.
 */
export async function notOwnAccountReason(
  tx: Executor,
  options: { user: Holder; bankCode: string; accountNumber: string; accountName: string },
): Promise<string | null> {
  const { user } = options;
  if (isOwnAccountName(options.accountName, holderOf(user))) return null;
  const approval = await approvals.findOpenApproval(tx, {
    userId: user.id,
    bankCode: options.bankCode,
    accountNumber: options.accountNumber,
  });
  if (approval?.status === 'approved') return null;
  const next =
    approval?.status === 'pending'
      ? 'Karta is looking at your request to use it; we will tell you the answer.'
      : 'You can ask Karta to approve it.';
  return `${notOwnAccountMessage(options.accountName)} ${next}`;
}

/** The refusal every path that would send money to such an account answers. */
export const notOwnAccountError = (message: string, field: string) =>
  new AppError('BAD_REQUEST', message, { domainCode: 'NOT_OWN_ACCOUNT', field });

/** The bank account, resolved now with the bank (the sandbox is told who should hold it). */
export const resolveForSeller = (ctx: AppContext, user: Holder, input: BankAccountInput) =>
  resolveBankAccount(ctx, input, holderOf(user));

const toApprovalView = (row: approvals.AccountApprovalRow, decidedByName: string | null) => ({
  id: row.id,
  bank_name: row.bankName,
  account_number: row.accountNumber,
  account_name: row.accountName,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
  decided_by_name: decidedByName,
  note: row.note,
});

/**
 * The seller asks Karta to approve an account not in their name. The name is the bank's answer
 * now. Asking again while a request is open answers that request; an account in their own name,
 * or one already approved, needs no request.
 */
export async function requestAccountApproval(
  ctx: AppContext,
  options: { user: UserRow; input: BankAccountInput },
): Promise<AccountApproval> {
  const { user } = options;
  const resolved = await resolveForSeller(ctx, user, options.input);
  if (isOwnAccountName(resolved.account_name, holderOf(user))) {
    throw new AppError('BAD_REQUEST', ALREADY_OWN, { field: 'account_number' });
  }
  const account = {
    userId: user.id,
    bankCode: resolved.bank.code,
    accountNumber: resolved.account_number,
  };
  const inserted = await approvals.insertApprovalOnce(ctx.db, {
    ...account,
    bankName: resolved.bank.name,
    accountName: resolved.account_name,
    createdAt: ctx.clock.now(),
  });
  const row = inserted ?? (await approvals.findOpenApproval(ctx.db, account));
  if (!row) throw new Error('account approval neither inserted nor found');
  if (row.status === 'approved') {
    throw new AppError('CONFLICT', ALREADY_APPROVED, {
      domainCode: 'ALREADY_DECIDED',
      field: 'account_number',
    });
  }
  return toApprovalView(row, null);
}

/** A seller's newest requests, for their console page. */
export async function listAccountApprovals(
  ctx: AppContext,
  userId: string,
): Promise<AccountApproval[]> {
  const rows = await approvals.listApprovals(ctx.db, { userId, limit: APPROVALS_SHOWN });
  return rows.map(({ approval, deciderFirstName, deciderLastName }) =>
    toApprovalView(
      approval,
      deciderFirstName === null ? null : `${deciderFirstName} ${deciderLastName ?? ''}`.trim(),
    ),
  );
}

/**
 * An operator's answer to a pending request, with a note for the seller: approving saves the
 * account to the seller's withdrawal accounts in the same transaction (the bank's name as it was
 * asked about); either answer is audited and told to the seller by notice, then by mail.
 */
export async function decideAccountApproval(
  ctx: AppContext,
  options: {
    actor: Actor;
    userId: string;
    approvalId: string;
    decision: 'approved' | 'declined';
    note: string;
  },
) {
  const { actor, userId, decision, note } = options;
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND, { field: 'id' });
  if (userId === actor.userId) {
    throw new AppError(
      'BAD_REQUEST',
      'You cannot do this on your own account. Ask another operator.',
    );
  }
  const now = ctx.clock.now();
  const answered = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const seller = await findUserById(tx, userId);
    if (!seller) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND, { field: 'id' });
    const row = isUuid(options.approvalId)
      ? await approvals.lockApproval(tx, { userId, id: options.approvalId })
      : undefined;
    if (!row) throw new AppError('NOT_FOUND', APPROVAL_NOT_FOUND, { field: 'approval_id' });
    if (row.status !== 'pending') {
      throw new AppError('CONFLICT', ALREADY_DECIDED, { domainCode: 'ALREADY_DECIDED' });
    }
    await approvals.saveDecision(tx, {
      id: row.id,
      status: decision,
      decidedBy: actor.userId,
      decidedAt: now,
      note,
    });
    if (decision === 'approved') {
      await beneficiaries.saveBeneficiaryOnce(tx, {
        userId,
        bankCode: row.bankCode,
        bankName: row.bankName,
        accountNumber: row.accountNumber,
        accountName: row.accountName,
        createdAt: now,
      });
    }
    const account = { bank: row.bankName, account_number: row.accountNumber };
    await recordAudit(tx, {
      actor,
      action: decision === 'approved' ? 'account_approval.approved' : 'account_approval.declined',
      targetType: 'user',
      targetId: userId,
      before: { ...account, account_name: row.accountName, status: 'pending' },
      after: { status: decision, reason: note },
    });
    const words = answerWords(row, decision, note);
    await recordNotice(tx, {
      userId,
      kind: decision === 'approved' ? 'account_approved' : 'account_declined',
      title: words.title,
      body: words.paragraphs.join(' '),
      link: ACCOUNTS_LINK,
      at: now,
    });
    return { seller, words };
  });
  try {
    await ctx.mailer.send(
      buildNoticeMail({
        to: answered.seller.email,
        firstName: answered.seller.firstName,
        subject: answered.words.title,
        paragraphs: answered.words.paragraphs,
        link: { label: 'Withdrawal accounts', url: ctx.config.publicUrl + ACCOUNTS_LINK },
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, userId }, 'account approval mail could not be sent');
  }
}

function answerWords(
  row: approvals.AccountApprovalRow,
  decision: 'approved' | 'declined',
  note: string,
) {
  const account = `${masked(row)} (${row.accountName})`;
  return decision === 'approved'
    ? {
        title: 'Karta approved your withdrawal account',
        paragraphs: [
          `We approved ${account}, which is not in your own name: it is now one of your withdrawal accounts.`,
          `Our note: ${note}`,
        ],
      }
    : {
        title: 'Karta did not approve your withdrawal account',
        paragraphs: [
          `We did not approve ${account}: Karta pays only into accounts in your own name, as on your BVN.`,
          `Our note: ${note}`,
        ],
      };
}
