import { textTableRows } from '../../lib/text-table';

/**
 * The demo catalog: cards commonly traded in Nigeria, with naira rates per unit in late-2026
 * terms. Physical cards and higher bands pay more than e-codes and small bands, as on real rate
 * sheets. Rates are whole naira a unit; min and max are the card's amount in its own currency.
 */
export type SeedSubcategory = [string, string, number, number, number];

export interface SeedCard {
  name: string;
  brandColour: string;
  subcategories: SeedSubcategory[];
}

const CATALOG_TABLE = `
card / subcategory        currency  rate   min   max

Amazon                    #ff9900
  USA physical $100–$500  USD    1180   100   500
  USA physical $25–$99    USD    1120    25    99
  USA e-code              USD    1050    25   500
  UK physical £50–£500    GBP    1420    50   500
  Canada physical         CAD     820    50   500

Apple iTunes              #1d1d1f
  USA physical $100–$500  USD    1250   100   500
  USA physical $25–$99    USD    1190    25    99
  USA e-code              USD    1150    25   500
  UK physical £50–£500    GBP    1480    50   500
  Australia physical      AUD     700    50   500
  Canada physical         CAD     850    50   500

Steam                     #1b2838
  USA physical $50–$200   USD    1200    50   200
  USA e-code              USD    1140    20   200
  UK e-code               GBP    1460    20   200
  Euro e-code             EUR    1250    20   200
  Canada physical         CAD     840    50   200

Google Play               #01875f
  USA physical $25–$500   USD    1050    25   500
  USA e-code              USD     980    25   500
  UK e-code               GBP    1250    25   500

Razer Gold                #44d62c
  Global e-code           USD    1220    10   500
  USA physical            USD    1180    10   500

Sephora                   #000000
  USA physical $100–$500  USD    1130   100   500
  USA e-code              USD    1060    25   500
  Canada physical         CAD     800    50   500

Nordstrom                 #4a4a4a
  USA physical            USD    1100    50   500
  USA e-code              USD    1020    25   500

Walmart                   #0071ce
  USA physical $100–$500  USD    1150   100   500
  USA physical $25–$99    USD    1080    25    99
  USA e-code              USD    1000    25   500

eBay                      #e53238
  USA physical            USD    1120    25   500
  USA e-code              USD    1060    25   500
  UK physical             GBP    1380    25   500

Vanilla                   #6c2c91
  USA physical $100–$500  USD    1090   100   500
  USA physical $25–$99    USD     980    25    99

American Express          #006fcf
  USA physical $100–$500  USD    1140   100   500
  USA physical $25–$99    USD    1060    25    99
  UK physical             GBP    1400    50   500

Nike                      #111111
  USA physical            USD    1080    25   500
  USA e-code              USD    1000    25   500
  UK physical             GBP    1330    25   500

Macy's                    #e21a2c
  USA physical            USD    1070    25   500
  USA e-code              USD     990    25   500

Best Buy                  #0046be
  USA physical            USD    1090    25   500
  USA e-code              USD    1010    25   500

Xbox                      #107c10
  USA physical            USD    1110    10   200
  USA e-code              USD    1060    10   200
  UK e-code               GBP    1360    10   200
  Euro e-code             EUR    1180    10   200

PlayStation               #003791
  USA physical            USD    1120    10   200
  USA e-code              USD    1070    10   200
  UK e-code               GBP    1380    10   200
  Euro e-code             EUR    1200    10   200

Footlocker                #d6001c
  USA physical            USD    1070    25   500
  USA e-code              USD     980    25   500
  Canada physical         CAD     760    25   500

Target                    #cc0000
  USA physical            USD    1100    25   500
  USA e-code              USD    1020    25   500

Roblox                    #393b3d
  USA physical $10–$200   USD    1090    10   200
  USA e-code              USD    1030    10   200
  UK e-code               GBP    1300    10   200

Netflix                   #e50914
  USA physical            USD    1020    25   200
  USA e-code              USD     960    25   200
  UK e-code               GBP    1240    25   200
`;

/** A card's row has two cells, name and colour; each subcategory's row after it has five. */
function readCatalog(table: string): SeedCard[] {
  const cards: SeedCard[] = [];
  for (const row of textTableRows(table)) {
    const card = cards.at(-1);
    if (row.length === 2) {
      const [name = '', brandColour = ''] = row;
      cards.push({ name, brandColour, subcategories: [] });
    } else if (row.length === 5 && card) {
      const [name = '', currency = '', rate, min, max] = row;
      card.subcategories.push([name, currency, Number(rate), Number(min), Number(max)]);
    } else {
      throw new Error(`The seed catalog has a row of ${row.length} cells: ${row.join(' | ')}`);
    }
  }
  return cards;
}

export const SEED_CARDS: SeedCard[] = readCatalog(CATALOG_TABLE);
