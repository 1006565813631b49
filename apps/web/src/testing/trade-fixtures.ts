import type { Trade } from '@karta/shared/schemas/trades';
import type { Referral } from '@karta/shared/schemas/wallet';

/** A list answer of the API: one page and its meta. */
export const pageOf = <T>(items: T[], meta: { page?: number; total?: number } = {}) => {
  const total = meta.total ?? items.length;
  return {
    data: items,
    meta: { page: meta.page ?? 1, size: 10, total, totalPages: Math.ceil(total / 10) },
  };
};

/** A pending trade as the API returns it; override what a test is about. */
export function makeTrade(overrides: Partial<Trade> = {}): Trade {
  return {
    id: 'trade-1',
    reference: 'KT-7K3M9QX2',
    gift_card: { id: 'card-amazon', name: 'Amazon', img_info: { url: '/api/v1/card/art/a.svg' } },
    subcategory: { id: 'sub-1', name: 'USA physical', currency: 'USD' },
    amount: 100,
    rate: 1180,
    expected_value: 118_000,
    final_value: null,
    status: 'pending',
    comment: null,
    images: [
      { id: 'img-1', url: 'https://files.example/img-1.webp?sig=1', width: 800, height: 500 },
    ],
    rejection_reason: null,
    rejection_code: null,
    review_note: null,
    rejection_proof: null,
    device: 'web',
    // 13:02 UTC is 14:02 in Lagos.
    created_at: '2026-11-21T13:02:00.000Z',
    reviewed_at: null,
    timeline: [{ status: 'submitted', at: '2026-11-21T13:02:00.000Z' }],
    if_no_answer: 'decline',
    counter_offer: null,
    has_card_code: false,
    // As the API says it: an approval waiting for its second approver (adjustments: say so).
    is_waiting_second_approval: overrides.status === 'awaiting_second_approval',
    ...overrides,
  };
}

export function makeReferral(overrides: Partial<Referral> = {}): Referral {
  return {
    id: 'ref-1',
    referred_name: 'Tunde A.',
    status: 'pending',
    reward: 500,
    joined_at: '2026-11-10T09:00:00.000Z',
    rewarded_at: null,
    ...overrides,
  };
}

/** The first bytes of each photo format (what photo-checks.ts reads), padded to `size`. */
const MAGIC: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [...new TextEncoder().encode('RIFF\0\0\0\0WEBP')],
  'image/heic': [...new TextEncoder().encode('\0\0\0\x18ftypheic')],
};

/** A photo file as a phone would give it: its type's first bytes, then zeros. */
export function photoFile(name: string, type = 'image/jpeg', size = 1024): File {
  const bytes = new Uint8Array(size);
  bytes.set((MAGIC[type] ?? MAGIC['image/heic'] ?? []).slice(0, size));
  return new File([bytes], name, { type });
}
