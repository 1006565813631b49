import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LowerKycTierInputSchema,
  SELLER_NOT_FOUND,
  SellerActionInputSchema,
  SellerIdParamsSchema,
  SellerProfileSchema,
  SellerSearchQuerySchema,
  SellerSearchResultSchema,
} from '@karta/shared/schemas/sellers-desk';
import {
  AccountApprovalDecisionInputSchema,
  AccountApprovalParamsSchema,
} from '@karta/shared/schemas/beneficiaries';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { staffRoutes } from '../../lib/json-routes';
import { suspendAccount, unsuspendAccount } from '../accounts/suspension.service';
import { unlockPin } from '../accounts/pin.service';
import { lowerKycTier } from '../accounts/kyc-tier-lowering.service';
import type { Refusals } from '../../lib/route-contract';
import { decideAccountApproval } from '../beneficiaries/own-accounts.service';
import { getSellerProfile, searchSellers } from './sellers.service';

/** Suspend, unsuspend and PIN unlock: each with a reason, audited, answered with the page. */
const ACTIONS = [
  {
    url: '/:id/suspend',
    operationId: 'suspendSeller',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary:
      'Suspend an account with a reason: every session ends now, sign-in is refused with the support message, no trade or withdrawal; payouts already with the provider finish. Operators act on sellers only (admins on staff too), never on themselves',
    act: suspendAccount,
    message: 'Account suspended. Every session has ended.',
  },
  {
    url: '/:id/unsuspend',
    operationId: 'unsuspendSeller',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary: 'Lift a suspension with a reason: the seller can sign in again',
    act: unsuspendAccount,
    message: 'Suspension lifted. The seller can sign in again.',
  },
  {
    url: '/:id/unlock_pin',
    operationId: 'unlockSellerPin',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary: 'End the five-wrong-PINs lock before its time, with a reason',
    act: unlockPin,
    message: 'PIN unlocked. The seller can withdraw again.',
  },
] satisfies ({ refuses: Refusals } & Record<string, unknown>)[];

/** `/api/v1/admin/users`: the sellers desk (decision 021). */
export const sellerDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { route, adminRoute } = staffRoutes(app, 'sellers');

  adminRoute.post('/:id/lower_kyc_tier', {
    operationId: 'lowerSellerKycTier',
    refuses: { 404: [] },
    summary:
      "Lower a seller's KYC tier (and so their withdrawal limits) with a reason, after a review (decision 063): admins only, audited with the reason, the seller told by notice and mail (without the reason)",
    input: { params: SellerIdParamsSchema, body: LowerKycTierInputSchema },
    answers: SellerProfileSchema,
    message: 'KYC tier lowered. The seller has been told.',
    handle: async (request, actor) => {
      const userId = request.params.id;
      if (!isUuid(userId)) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND, { field: 'id' });
      const { tier, reason } = request.body;
      await lowerKycTier(ctx, { actor, userId, tier: tier as 0 | 1 | 2, reason });
      return getSellerProfile(ctx, userId);
    },
  });

  route.get('/', {
    operationId: 'searchSellers',
    summary:
      'Accounts whose e-mail, phone, name or referral code starts with q (any case), newest first, 20 a page; at most SELLER_SEARCH_CAP are counted',
    input: { querystring: SellerSearchQuerySchema },
    answers: SellerSearchResultSchema,
    message: 'Sellers',
    handle: (request) => searchSellers(ctx, request.query),
  });

  route.get('/:id', {
    operationId: 'getSeller',
    refuses: { 404: [] },
    summary:
      'The seller page: profile, status, KYC, wallet and statement, trades, withdrawals, referrals, sessions, flags and console actions',
    input: { params: SellerIdParamsSchema },
    answers: SellerProfileSchema,
    message: 'Seller',
    handle: (request) => getSellerProfile(ctx, request.params.id),
  });

  for (const decision of ['approved', 'declined'] as const) {
    const verb = decision === 'approved' ? 'approve' : 'decline';
    route.post(`/:id/account_approvals/:approval_id/${verb}`, {
      operationId: decision === 'approved' ? 'approveSellerAccount' : 'declineSellerAccount',
      refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
      summary:
        decision === 'approved'
          ? "Approve the seller's request to withdraw to one account not in their own name, with a note to them (decision 064): the account is saved for them, the seller is told by notice and mail, the audit log keeps it"
          : "Decline the seller's request to withdraw to an account not in their own name, with a note to them (decision 064): nothing is saved, the seller is told by notice and mail",
      input: { params: AccountApprovalParamsSchema, body: AccountApprovalDecisionInputSchema },
      answers: SellerProfileSchema,
      message:
        decision === 'approved'
          ? 'Account approved. The seller can withdraw to it now.'
          : 'Request declined. The seller has been told.',
      handle: async (request, actor) => {
        const { id, approval_id } = request.params;
        await decideAccountApproval(ctx, {
          actor,
          userId: id,
          approvalId: approval_id,
          decision,
          note: request.body.note,
        });
        return getSellerProfile(ctx, id);
      },
    });
  }

  for (const action of ACTIONS) {
    route.post(action.url, {
      operationId: action.operationId,
      refuses: action.refuses,
      summary: action.summary,
      input: { params: SellerIdParamsSchema, body: SellerActionInputSchema },
      answers: SellerProfileSchema,
      message: action.message,
      handle: async (request, actor) => {
        const userId = request.params.id;
        if (!isUuid(userId)) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND, { field: 'id' });
        await action.act(ctx, { actor, userId, reason: request.body.reason });
        return getSellerProfile(ctx, userId);
      },
    });
  }
};
