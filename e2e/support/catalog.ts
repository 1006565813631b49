/** The seeded catalog as the pages read it, so tests check screens against the API's numbers. */
export interface Subcategory {
  id: string;
  name: string;
  rate: number;
  currency: string;
  min_amount: number;
  max_amount: number;
}

interface List<T> {
  data: { data: T[] };
}

async function getList<T>(baseUrl: string, url: string): Promise<T[]> {
  const response = await fetch(`${baseUrl}/api/v1${url}`);
  if (!response.ok) throw new Error(`GET ${url} answered ${String(response.status)}`);
  return ((await response.json()) as List<T>).data.data;
}

/**
 * The seeded Amazon card and its first "USA physical" subcategory, read from the API the page
 * calls, so the test checks the screen against the catalog rather than against copied numbers.
 */
export async function amazonUsaPhysical(baseUrl: string) {
  const cards = await getList<{ id: string; name: string }>(
    baseUrl,
    '/card/admin_get_gift_card?card_name=amazon',
  );
  const card = cards.find((each) => each.name === 'Amazon');
  if (!card) throw new Error('the seeded catalog has no card named Amazon');
  const subcategories = await getList<Subcategory>(
    baseUrl,
    `/card/get_gift_card_category/${encodeURIComponent(card.id)}?device=web`,
  );
  const subcategory = subcategories.find((each) => each.name.startsWith('USA physical'));
  if (!subcategory) throw new Error('Amazon has no "USA physical" subcategory');
  return { card, subcategory };
}

export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whole kobo as "₦1,180,000.00", by integer arithmetic only. */
export function formatKobo(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return `₦${groupThousands(String(naira))}.${String(rest).padStart(2, '0')}`;
}
