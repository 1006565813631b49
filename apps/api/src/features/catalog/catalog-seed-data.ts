/**
 * The demo catalog: cards commonly traded in Nigeria, with naira rates per unit in late-2026
 * terms. Physical cards and higher bands pay more than e-codes and small bands, as on real rate
 * sheets. Rates are whole naira; a tuple is [name, currency, rate, min amount, max amount].
 */
export type SeedSubcategory = [string, string, number, number, number];

export interface SeedCard {
  name: string;
  brandColour: string;
  subcategories: SeedSubcategory[];
}

export const SEED_CARDS: SeedCard[] = [
  {
    name: 'Amazon',
    brandColour: '#ff9900',
    subcategories: [
      ['USA physical $100–$500', 'USD', 1180, 100, 500],
      ['USA physical $25–$99', 'USD', 1120, 25, 99],
      ['USA e-code', 'USD', 1050, 25, 500],
      ['UK physical £50–£500', 'GBP', 1420, 50, 500],
      ['Canada physical', 'CAD', 820, 50, 500],
    ],
  },
  {
    name: 'Apple iTunes',
    brandColour: '#1d1d1f',
    subcategories: [
      ['USA physical $100–$500', 'USD', 1250, 100, 500],
      ['USA physical $25–$99', 'USD', 1190, 25, 99],
      ['USA e-code', 'USD', 1150, 25, 500],
      ['UK physical £50–£500', 'GBP', 1480, 50, 500],
      ['Australia physical', 'AUD', 700, 50, 500],
      ['Canada physical', 'CAD', 850, 50, 500],
    ],
  },
  {
    name: 'Steam',
    brandColour: '#1b2838',
    subcategories: [
      ['USA physical $50–$200', 'USD', 1200, 50, 200],
      ['USA e-code', 'USD', 1140, 20, 200],
      ['UK e-code', 'GBP', 1460, 20, 200],
      ['Euro e-code', 'EUR', 1250, 20, 200],
      ['Canada physical', 'CAD', 840, 50, 200],
    ],
  },
  {
    name: 'Google Play',
    brandColour: '#01875f',
    subcategories: [
      ['USA physical $25–$500', 'USD', 1050, 25, 500],
      ['USA e-code', 'USD', 980, 25, 500],
      ['UK e-code', 'GBP', 1250, 25, 500],
    ],
  },
  {
    name: 'Razer Gold',
    brandColour: '#44d62c',
    subcategories: [
      ['Global e-code', 'USD', 1220, 10, 500],
      ['USA physical', 'USD', 1180, 10, 500],
    ],
  },
  {
    name: 'Sephora',
    brandColour: '#000000',
    subcategories: [
      ['USA physical $100–$500', 'USD', 1130, 100, 500],
      ['USA e-code', 'USD', 1060, 25, 500],
      ['Canada physical', 'CAD', 800, 50, 500],
    ],
  },
  {
    name: 'Nordstrom',
    brandColour: '#4a4a4a',
    subcategories: [
      ['USA physical', 'USD', 1100, 50, 500],
      ['USA e-code', 'USD', 1020, 25, 500],
    ],
  },
  {
    name: 'Walmart',
    brandColour: '#0071ce',
    subcategories: [
      ['USA physical $100–$500', 'USD', 1150, 100, 500],
      ['USA physical $25–$99', 'USD', 1080, 25, 99],
      ['USA e-code', 'USD', 1000, 25, 500],
    ],
  },
  {
    name: 'eBay',
    brandColour: '#e53238',
    subcategories: [
      ['USA physical', 'USD', 1120, 25, 500],
      ['USA e-code', 'USD', 1060, 25, 500],
      ['UK physical', 'GBP', 1380, 25, 500],
    ],
  },
  {
    name: 'Vanilla',
    brandColour: '#6c2c91',
    subcategories: [
      ['USA physical $100–$500', 'USD', 1090, 100, 500],
      ['USA physical $25–$99', 'USD', 980, 25, 99],
    ],
  },
  {
    name: 'American Express',
    brandColour: '#006fcf',
    subcategories: [
      ['USA physical $100–$500', 'USD', 1140, 100, 500],
      ['USA physical $25–$99', 'USD', 1060, 25, 99],
      ['UK physical', 'GBP', 1400, 50, 500],
    ],
  },
  {
    name: 'Nike',
    brandColour: '#111111',
    subcategories: [
      ['USA physical', 'USD', 1080, 25, 500],
      ['USA e-code', 'USD', 1000, 25, 500],
      ['UK physical', 'GBP', 1330, 25, 500],
    ],
  },
  {
    name: "Macy's",
    brandColour: '#e21a2c',
    subcategories: [
      ['USA physical', 'USD', 1070, 25, 500],
      ['USA e-code', 'USD', 990, 25, 500],
    ],
  },
  {
    name: 'Best Buy',
    brandColour: '#0046be',
    subcategories: [
      ['USA physical', 'USD', 1090, 25, 500],
      ['USA e-code', 'USD', 1010, 25, 500],
    ],
  },
  {
    name: 'Xbox',
    brandColour: '#107c10',
    subcategories: [
      ['USA physical', 'USD', 1110, 10, 200],
      ['USA e-code', 'USD', 1060, 10, 200],
      ['UK e-code', 'GBP', 1360, 10, 200],
      ['Euro e-code', 'EUR', 1180, 10, 200],
    ],
  },
  {
    name: 'PlayStation',
    brandColour: '#003791',
    subcategories: [
      ['USA physical', 'USD', 1120, 10, 200],
      ['USA e-code', 'USD', 1070, 10, 200],
      ['UK e-code', 'GBP', 1380, 10, 200],
      ['Euro e-code', 'EUR', 1200, 10, 200],
    ],
  },
  {
    name: 'Footlocker',
    brandColour: '#d6001c',
    subcategories: [
      ['USA physical', 'USD', 1070, 25, 500],
      ['USA e-code', 'USD', 980, 25, 500],
      ['Canada physical', 'CAD', 760, 25, 500],
    ],
  },
  {
    name: 'Target',
    brandColour: '#cc0000',
    subcategories: [
      ['USA physical', 'USD', 1100, 25, 500],
      ['USA e-code', 'USD', 1020, 25, 500],
    ],
  },
  {
    name: 'Roblox',
    brandColour: '#393b3d',
    subcategories: [
      ['USA physical $10–$200', 'USD', 1090, 10, 200],
      ['USA e-code', 'USD', 1030, 10, 200],
      ['UK e-code', 'GBP', 1300, 10, 200],
    ],
  },
  {
    name: 'Netflix',
    brandColour: '#e50914',
    subcategories: [
      ['USA physical', 'USD', 1020, 25, 200],
      ['USA e-code', 'USD', 960, 25, 200],
      ['UK e-code', 'GBP', 1240, 25, 200],
    ],
  },
];
