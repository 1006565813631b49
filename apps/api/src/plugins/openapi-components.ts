import { z } from 'zod';
import { BeneficiaryAccountSchema } from '@karta/shared/schemas/beneficiaries';
import { AuditPageSchema } from '@karta/shared/schemas/audit-trail';
import { BooksSchema } from '@karta/shared/schemas/books';
import { AdminGiftCardSchema, AdminSubcategorySchema } from '@karta/shared/schemas/catalog-admin';
import {
  GiftCardSchema,
  GiftCardSubcategorySchema,
  RateHistorySchema,
} from '@karta/shared/schemas/catalog';
import { ConsoleOverviewSchema } from '@karta/shared/schemas/console-overview';
import { ErrorEnvelopeSchema, PageMetaSchema, pageOf } from '@karta/shared/schemas/common';
import { BankSchema, KycResultSchema, ResolvedAccountSchema } from '@karta/shared/schemas/finance';
import { KycStateSchema, NinResultSchema } from '@karta/shared/schemas/kyc';
import { NoticeListSchema } from '@karta/shared/schemas/notices';
import { RateAlertSchema } from '@karta/shared/schemas/rate-alerts';
import { RateChangeRequestSchema } from '@karta/shared/schemas/rate-change-requests';
import { RateSheetRowSchema } from '@karta/shared/schemas/rate-sheet';
import { SellerProfileSchema, SellerSearchResultSchema } from '@karta/shared/schemas/sellers-desk';
import { StaffListSchema } from '@karta/shared/schemas/staff-desk';
import {
  AdjustedTradeSchema,
  AdminTradeSchema,
  ReleasedTradeSchema,
  TradeSchema,
} from '@karta/shared/schemas/trades';
import { UserSchema } from '@karta/shared/schemas/users';
import {
  ReferralListSchema,
  StatementEntrySchema,
  WalletSchema,
} from '@karta/shared/schemas/wallet';
import {
  DeskWithdrawalDetailSchema,
  DeskWithdrawalSchema,
  WithdrawalDeskSummarySchema,
} from '@karta/shared/schemas/withdrawal-desk';
import { WithdrawalSchema, WithdrawalTermsSchema } from '@karta/shared/schemas/withdrawals';
import { DataExportSchema } from '@karta/shared/schemas/data-export';
import { CurrentUserSchema, TwoFactorChallengeSchema } from '@karta/shared/schemas/two-factor';

/**
 * The schemas the API document names in `components.schemas` and refers to wherever they are
 * used, so a generated client has one `Trade` type, not one per operation. Registered in zod's
 * global registry, which the document's transform reads; the serializer and the tests convert
 * schemas without it (lib/response-serializer.ts), so nothing else changes. A name, once
 * published, is part of the contract (docs/api.md#versioning).
 */
const COMPONENTS: [z.ZodType, string, string][] = [
  [
    ErrorEnvelopeSchema,
    'ErrorEnvelope',
    'Every refusal: a message to show, a domain `code` when a business rule refused, and one entry per field at fault (`field` null for the request as a whole).',
  ],
  [
    PageMetaSchema,
    'PageMeta',
    'Where a page sits in its list: `page` of `totalPages`, `size` items a page, `total` in all.',
  ],
  [UserSchema, 'User', 'The signed-in account, as every session answer carries it.'],
  [
    CurrentUserSchema,
    'CurrentUser',
    'The signed-in account with the state of its two-step sign-in.',
  ],
  [
    TwoFactorChallengeSchema,
    'TwoFactorChallenge',
    'A sign-in that owes a code: send it with `challenge_id` to /auth/login/two_factor.',
  ],
  [TradeSchema, 'Trade', 'A card sold: its amounts in naira, status, photos and timeline.'],
  [pageOf(TradeSchema), 'TradePage', 'A page of the seller’s trades.'],
  [AdminTradeSchema, 'AdminTrade', 'A trade as the console sees it, with its seller and claim.'],
  [pageOf(AdminTradeSchema), 'AdminTradePage', 'A page of the review queue.'],
  [WithdrawalSchema, 'Withdrawal', 'Money on its way to a bank account: amount, fee, status.'],
  [pageOf(WithdrawalSchema), 'WithdrawalPage', 'A page of the seller’s withdrawals.'],
  [DeskWithdrawalSchema, 'DeskWithdrawal', 'A withdrawal as the money desk sees it.'],
  [pageOf(DeskWithdrawalSchema), 'DeskWithdrawalPage', 'A page of the money desk.'],
  [GiftCardSchema, 'GiftCard', 'A gift card Karta buys.'],
  [pageOf(GiftCardSchema), 'GiftCardPage', 'A page of gift cards.'],
  [GiftCardSubcategorySchema, 'GiftCardSubcategory', 'A kind of a card, with its rate.'],
  [pageOf(GiftCardSubcategorySchema), 'GiftCardSubcategoryPage', 'A page of subcategories.'],
  [AdminGiftCardSchema, 'AdminGiftCard', 'A card as the catalog desk sees it.'],
  [pageOf(AdminGiftCardSchema), 'AdminGiftCardPage', 'A page of the catalog desk.'],
  [BeneficiaryAccountSchema, 'BeneficiaryAccount', 'A saved bank account to withdraw to.'],
  [pageOf(BeneficiaryAccountSchema), 'BeneficiaryAccountPage', 'A page of saved accounts.'],
  [BankSchema, 'Bank', 'A bank Karta can pay.'],
  [WalletSchema, 'Wallet', 'The naira wallet: what can be withdrawn and what is held.'],
  [StatementEntrySchema, 'StatementEntry', 'One wallet posting, with the balance after it.'],
  [pageOf(StatementEntrySchema), 'StatementEntryPage', 'A page of the wallet statement.'],
  [RateAlertSchema, 'RateAlert', 'A target rate the seller wants to hear about.'],
  [pageOf(RateAlertSchema), 'RateAlertPage', 'A page of rate alerts.'],
  [RateSheetRowSchema, 'RateSheetRow', 'A subcategory on the rate sheet.'],
  [pageOf(RateSheetRowSchema), 'RateSheetRowPage', 'A page of the rate sheet.'],
  [RateChangeRequestSchema, 'RateChangeRequest', 'A rate change waiting for a second person.'],
  [pageOf(RateChangeRequestSchema), 'RateChangeRequestPage', 'A page of waiting rate changes.'],
  [SellerProfileSchema, 'SellerProfile', 'The console’s seller page.'],
  [SellerSearchResultSchema, 'SellerSearchResult', 'A page of the sellers desk’s search.'],
  [AdjustedTradeSchema, 'AdjustedTrade', 'A trade with the adjustment just made to it.'],
  [ReleasedTradeSchema, 'ReleasedTrade', 'A trade, and whether a claim on it was ended.'],
  [DeskWithdrawalDetailSchema, 'DeskWithdrawalDetail', 'A withdrawal with its ledger and payouts.'],
  [WithdrawalDeskSummarySchema, 'WithdrawalDeskSummary', 'Stuck payouts and open alerts.'],
  [WithdrawalTermsSchema, 'WithdrawalTerms', 'The fee, the limits and what is left today.'],
  [NoticeListSchema, 'NoticeList', 'The seller’s notices, newest first, and how many are unread.'],
  [
    ReferralListSchema,
    'ReferralList',
    'Friends who registered with the code, and what they earned.',
  ],
  [RateHistorySchema, 'RateHistory', 'A subcategory’s rate at the end of each Lagos day.'],
  [ResolvedAccountSchema, 'ResolvedAccount', 'A bank account’s holder, as the bank names them.'],
  [KycResultSchema, 'KycResult', 'The outcome of a BVN check.'],
  [
    DataExportSchema,
    'DataExport',
    'Everything Karta holds about the seller, as the file `exportMyData` downloads.',
  ],
  [NinResultSchema, 'NinResult', 'The outcome of a NIN check, and the KYC tier it gives.'],
  [KycStateSchema, 'KycState', 'The seller’s KYC tier, its limits today and the next step.'],
  [ConsoleOverviewSchema, 'ConsoleOverview', 'The console’s live figures.'],
  [StaffListSchema, 'StaffList', 'Every operator and admin.'],
  [AuditPageSchema, 'AuditPage', 'A page of the audit trail.'],
  [BooksSchema, 'Books', 'The daily books from the ledger.'],
  [AdminSubcategorySchema, 'AdminSubcategory', 'A subcategory as the catalog desk sees it.'],
];

for (const [schema, id, description] of COMPONENTS) {
  const known = z.globalRegistry.get(schema);
  if (known?.id === id) continue;
  z.globalRegistry.remove(schema);
  z.globalRegistry.add(schema, { ...known, id, description: known?.description ?? description });
}
