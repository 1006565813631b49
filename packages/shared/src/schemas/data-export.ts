import { z } from 'zod';
import { SUPPORT_STATUSES } from './support';
import { KYC_ID_TYPES, KYC_REJECTION_REASONS, KYC_SUBMISSION_STATUSES } from './kyc-documents';
import {
  ACCOUNT_APPROVAL_STATUSES,
  ACCOUNT_STATUSES,
  DEVICES,
  GENDERS,
  REFERRAL_STATUSES,
  ROLES,
  TRADE_STATUSES,
  WITHDRAWAL_STATUSES,
} from '../constants';
import { CounterOfferSchema, TradeTimelineEntrySchema } from './trade-steps';

/**
 * Everything Karta holds about a seller, as the file `GET /user/data_export/{user_id}` hands
 * them (Nigeria Data Protection Act 2023, the right of access; docs/data-protection.md).
 * Money is naira, times are ISO 8601 (UTC). Never in it: password and PIN hashes, the BVN
 * (only its last four digits), authenticator secrets, recovery codes, token hashes, and the
 * photos' files (each photo is described; the file is kept and sent by support on request).
 */

/** How many times a seller may download their data in an hour. */
export const DATA_EXPORT_LIMIT_PER_HOUR = 3;

/** `karta-data-2026-11-28.json`: the Lagos date the file was made. */
export const dataExportFileName = (lagosDate: string) => `karta-data-${lagosDate}.json`;

/** A photo Karta keeps: what it is, without a link (links are short-lived and need a session). */
const PhotoDescriptionSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  description: z.string(),
});

const ExportedTradeSchema = z.object({
  id: z.string(),
  reference: z.string(),
  gift_card: z.object({ id: z.string(), name: z.string() }),
  subcategory: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
  amount: z.number(),
  rate: z.number(),
  expected_value: z.number(),
  final_value: z.number().nullable(),
  status: z.enum(TRADE_STATUSES),
  /** What the seller wrote with the card: e-codes included, as they sent them. */
  comment: z.string().nullable(),
  photos: z.array(PhotoDescriptionSchema),
  rejection_reason: z.string().nullable(),
  review_note: z.string().nullable(),
  rejection_proof: PhotoDescriptionSchema.nullable(),
  device: z.enum(DEVICES),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The seller's timeline, with the photos of an answer described instead of linked. */
  timeline: z.array(
    TradeTimelineEntrySchema.omit({ images: true }).extend({
      photos: z.array(PhotoDescriptionSchema).optional(),
    }),
  ),
  if_no_answer: z.string(),
  counter_offer: CounterOfferSchema.nullable(),
  /** Naira an admin added to the trade's credit, and why. */
  adjustments: z.array(
    z.object({
      amount: z.number(),
      reason: z.string(),
      status: z.string(),
      created_at: z.string(),
      decided_at: z.string().nullable(),
    }),
  ),
});

const ExportedWithdrawalSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amount: z.number(),
  fee: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  provider: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  failure_reason: z.string().nullable(),
  is_automatic: z.boolean(),
  trade_id: z.string().nullable(),
  created_at: z.string(),
  processing_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});

const WalletLineSchema = z.object({
  at: z.string(),
  kind: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  /** Naira; positive into the wallet, negative out of it. */
  amount: z.number(),
  balance_after: z.number(),
});

export const DataExportSchema = z.object({
  /** What this file is and which shape it has: a later shape gets another number. */
  format: z.literal('karta-data-export'),
  version: z.literal(1),
  made_at: z.string(),
  /** Where the retention of each kind of record is explained. */
  about: z.string(),
  profile: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    mobile_number: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    date_of_birth: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.enum(ACCOUNT_STATUSES),
    referral_code: z.string(),
    has_withdrawal_pin: z.boolean(),
    pin_locked_until: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    verified_at: z.string().nullable(),
    deactivated_at: z.string().nullable(),
  }),
  kyc: z.object({
    bvn_verified: z.boolean(),
    /** The last four digits only: the BVN itself is never kept. */
    bvn_last4: z.string().nullable(),
    bvn_verified_at: z.string().nullable(),
    /** The KYC tier (decision 063) and the NIN's last four digits: the NIN itself is never kept. */
    tier: z.number().int(),
    nin_last4: z.string().nullable(),
    nin_verified_at: z.string().nullable(),
  }),
  two_factor: z.object({
    authenticator_on: z.boolean(),
    authenticator_on_since: z.string().nullable(),
    recovery_codes_left: z.number().int(),
    passkeys: z.array(
      z.object({ name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() }),
    ),
  }),
  /** Each sign-in: the device kind, when it began, was last refreshed and ended. */
  sessions: z.array(
    z.object({
      device: z.string(),
      signed_in_at: z.string(),
      last_active_at: z.string(),
      ended_at: z.string().nullable(),
    }),
  ),
  auto_withdrawal: z.object({
    on: z.boolean(),
    beneficiary_id: z.string().nullable(),
    changed_at: z.string().nullable(),
    stopped_reason: z.string().nullable(),
  }),
  trades: z.array(ExportedTradeSchema),
  withdrawals: z.array(ExportedWithdrawalSchema),
  wallet: z.object({
    available: z.number(),
    held_for_withdrawals: z.number(),
    /** Every posting to the wallet, oldest first, with the balance it left. */
    lines: z.array(WalletLineSchema),
  }),
  /** Saved bank accounts, removed ones too (kept so past withdrawals can say where money went). */
  beneficiaries: z.array(
    z.object({
      id: z.string(),
      bank_name: z.string(),
      bank_code: z.string(),
      account_number: z.string(),
      account_name: z.string(),
      created_at: z.string(),
      removed_at: z.string().nullable(),
    }),
  ),
  /**
   * Requests to pay into an account not in the seller's own name (decision 064) and the answers;
   * who answered stays out (staff names are never shown to sellers).
   */
  account_approvals: z.array(
    z.object({
      bank_name: z.string(),
      bank_code: z.string(),
      account_number: z.string(),
      account_name: z.string(),
      status: z.enum(ACCOUNT_APPROVAL_STATUSES),
      asked_at: z.string(),
      answered_at: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  notices: z.array(
    z.object({
      kind: z.string(),
      title: z.string(),
      body: z.string(),
      link: z.string().nullable(),
      created_at: z.string(),
      read_at: z.string().nullable(),
    }),
  ),
  referrals: z.object({
    /** The first name and initial of who invited the seller, if anyone did. */
    referred_by: z.string().nullable(),
    /** People who joined with the seller's code (first name and initial only: theirs is theirs). */
    invited: z.array(
      z.object({
        referred_name: z.string(),
        status: z.enum(REFERRAL_STATUSES),
        reward: z.number(),
        joined_at: z.string(),
        rewarded_at: z.string().nullable(),
      }),
    ),
  }),
  rate_alerts: z.array(
    z.object({
      card_name: z.string(),
      subcategory_name: z.string(),
      currency: z.string(),
      target_rate: z.number(),
      created_at: z.string(),
      last_fired_at: z.string().nullable(),
      last_fired_rate: z.number().nullable(),
    }),
  ),
  /**
   * Tier 3's documents as sent, oldest first, and what the desk decided (decision 066). The
   * photos are described, not included, like a trade's.
   */
  kyc_documents: z.array(
    z.object({
      id_type: z.enum(KYC_ID_TYPES),
      id_number: z.string(),
      address: z.string(),
      status: z.enum(KYC_SUBMISSION_STATUSES),
      submitted_at: z.string(),
      decided_at: z.string().nullable(),
      rejection_reason: z.enum(KYC_REJECTION_REASONS).nullable(),
      rejection_note: z.string().nullable(),
      photos: z.string(),
    }),
  ),
  /**
   * The seller's conversations with the Karta team (decision 070), oldest first, every message
   * with its words; staff are "Karta team", as the seller read them. Photos are counted.
   */
  support: z.array(
    z.object({
      trade_reference: z.string().nullable(),
      status: z.enum(SUPPORT_STATUSES),
      created_at: z.string(),
      messages: z.array(
        z.object({
          from: z.string(),
          body: z.string(),
          photos: z.number().int(),
          created_at: z.string(),
        }),
      ),
    }),
  ),
});
export type DataExport = z.infer<typeof DataExportSchema>;
