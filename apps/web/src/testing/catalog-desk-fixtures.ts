import type { AdminGiftCard, AdminSubcategory } from '@karta/shared/schemas/catalog-admin';
import { http } from 'msw';
import { api, failure, server, success } from './server';
import { readForm } from './read-form';

export const CARD_ID = '6f1c2a7e-0b3d-4e59-9a21-7c8d4e5f6a10';

export function makeAdminCard(overrides: Partial<AdminGiftCard> = {}): AdminGiftCard {
  return {
    id: CARD_ID,
    name: 'Amazon',
    slug: 'amazon',
    brand_colour: '#232f3e',
    active: true,
    sort_order: 1,
    img_info: { url: '/api/v1/card/art/amazon.svg' },
    ...overrides,
  };
}

export function makeAdminSubcategory(overrides: Partial<AdminSubcategory> = {}): AdminSubcategory {
  return {
    id: 'sub-usa',
    gift_card_id: CARD_ID,
    name: 'USA physical $100–$500',
    currency: 'USD',
    rate: 1180,
    min_amount: 100,
    max_amount: 500,
    active: true,
    sort_order: 0,
    ...overrides,
  };
}

interface CatalogDeskState {
  cards?: AdminGiftCard[];
  subcategories?: AdminSubcategory[];
  /** Undecided trades per card or subcategory id. */
  pending?: Record<string, number>;
}

type Body = Record<string, unknown>;

/**
 * The catalog desk's API over a few cards, changing them as the server does, with its rules
 * that a form cannot check alone (a taken name, max below min). Every write is kept.
 */
export function serveCatalogDesk(initial: CatalogDeskState = {}) {
  let cards = initial.cards ?? [makeAdminCard()];
  let subcategories = initial.subcategories ?? [makeAdminSubcategory()];
  const pending = initial.pending ?? {};
  const writes: { method: string; url: string; body: unknown }[] = [];
  const keep = async (request: Request) => {
    const url = new URL(request.url).pathname;
    const isJson = request.headers.get('content-type')?.includes('json') ?? false;
    const body = isJson ? ((await request.json()) as Body) : null;
    writes.push({ method: request.method, url, body });
    return body ?? {};
  };
  const isTaken = (name: unknown, except?: string) =>
    cards.some(
      (card) => card.id !== except && card.name.toLowerCase() === String(name).toLowerCase(),
    );
  const TAKEN = 'A gift card with this name already exists.';

  server.use(
    http.get(api('/admin/catalog/cards'), () =>
      success({
        data: cards,
        meta: { page: 1, size: 50, total: cards.length, totalPages: cards.length ? 1 : 0 },
      }),
    ),
    http.get(api('/admin/catalog/cards/:id'), ({ params }) => {
      const card = cards.find((each) => each.id === params.id);
      return card ? success(card) : failure(404, 'We could not find this gift card.', 'id');
    }),
    http.post(api('/admin/catalog/cards'), async ({ request }) => {
      const body = await keep(request);
      if (isTaken(body.name)) return failure(409, TAKEN, 'name');
      const card = makeAdminCard({
        ...(body as Partial<AdminGiftCard>),
        id: `card-${String(cards.length + 1)}`,
      });
      cards = [...cards, card];
      return success(card, 'Gift card created');
    }),
    http.patch(api('/admin/catalog/cards/:id'), async ({ request, params }) => {
      const body = await keep(request);
      if (isTaken(body.name, String(params.id))) return failure(409, TAKEN, 'name');
      cards = cards.map((card) => (card.id === params.id ? { ...card, ...body } : card));
      return success(
        cards.find((card) => card.id === params.id),
        'Gift card updated',
      );
    }),
    http.post(api('/admin/catalog/cards/:id/image'), async ({ request, params }) => {
      const form = await readForm(request);
      writes.push({
        method: 'POST',
        url: new URL(request.url).pathname,
        body: `${String(form.getAll('image').length)} image`,
      });
      cards = cards.map((card) =>
        card.id === params.id
          ? { ...card, img_info: { url: '/api/v1/card/image/new.webp' } }
          : card,
      );
      return success(
        cards.find((card) => card.id === params.id),
        'Gift card image updated',
      );
    }),
    http.get(api('/admin/catalog/cards/:id/subcategories'), ({ params }) =>
      success(subcategories.filter((each) => each.gift_card_id === params.id)),
    ),
    http.post(api('/admin/catalog/cards/:id/subcategories'), async ({ request, params }) => {
      const body = await keep(request);
      if (Number(body.max_amount) < Number(body.min_amount)) {
        return failure(400, 'The largest card amount cannot be below the smallest.', 'max_amount');
      }
      const created = makeAdminSubcategory({
        ...(body as Partial<AdminSubcategory>),
        rate: Number(body.rate),
        id: `sub-${String(subcategories.length + 1)}`,
        gift_card_id: String(params.id),
      });
      subcategories = [...subcategories, created];
      return success(created, 'Subcategory created');
    }),
    http.patch(api('/admin/catalog/subcategories/:id'), async ({ request, params }) => {
      const body = await keep(request);
      subcategories = subcategories.map((each) =>
        each.id === params.id
          ? { ...each, ...body, ...(body.rate === undefined ? {} : { rate: Number(body.rate) }) }
          : each,
      );
      return success(
        subcategories.find((each) => each.id === params.id),
        'Subcategory updated',
      );
    }),
    http.get(api('/admin/catalog/:kind/:id/pending_trades'), ({ params }) =>
      success({ pending_trades: pending[String(params.id)] ?? 0 }),
    ),
  );
  return { writes };
}
