import type { KycQueueItem, KycReview } from '@karta/shared/schemas/kyc-documents';

/** A driver's licence waiting on the KYC desk (decision 066), unclaimed, as the queue lists it. */
export const kycQueueItem = (overrides: Partial<KycQueueItem> = {}): KycQueueItem => ({
  id: '7f1c7e4e-9a55-4c55-8d4e-2a3b1c0d9e8f',
  status: 'pending_review',
  id_type: 'drivers_licence',
  submitted_at: '2026-11-21T13:02:00.000Z',
  waiting_minutes: 125,
  seller: {
    id: '1b0e2f52-4b1c-4c1e-9d7a-5a8e3c2d1f00',
    first_name: 'Chiamaka',
    last_name: 'Okafor',
    email: 'chiamaka@example.com',
    kyc_verified: true,
    kyc_tier: 2,
  },
  claim: null,
  ...overrides,
});

/** The same submission as its review page reads it: documents, BVN, no decision yet. */
export const kycReview = (overrides: Partial<KycReview> = {}): KycReview => ({
  ...kycQueueItem(),
  id_number: 'LAG-12345-AB',
  address: '14 Adeola Odeku Street, Victoria Island, Lagos',
  images: {
    id_front: 'https://files.example/front.webp',
    id_back: 'https://files.example/back.webp',
    selfie: 'https://files.example/selfie.webp',
    proof_of_address: 'https://files.example/bill.webp',
  },
  bvn: { last4: '4821', verified_at: '2026-11-01T10:00:00.000Z', date_of_birth: '1994-03-12' },
  decided_at: null,
  decided_by_user_id: null,
  rejection: null,
  ...overrides,
});
