import type { Bank } from './payouts';

/**
 * Nigerian banks as Paystack lists them (`GET /bank?country=nigeria`): its `code` for each, and
 * the 3-digit CBN code that NUBAN check digits are computed over. Microfinance banks and
 * mobile-money operators (Kuda, OPay, PalmPay, Moniepoint) have longer codes and no 3-digit CBN
 * code, so their numbers cannot be checked offline. The sandbox lists exactly these.
 */
export const NIGERIAN_BANKS: readonly Bank[] = [
  { code: '044', name: 'Access Bank', cbnCode: '044' },
  { code: '063', name: 'Access Bank (Diamond)', cbnCode: '063' },
  { code: '023', name: 'Citibank Nigeria', cbnCode: '023' },
  { code: '050', name: 'Ecobank Nigeria', cbnCode: '050' },
  { code: '070', name: 'Fidelity Bank', cbnCode: '070' },
  { code: '011', name: 'First Bank of Nigeria', cbnCode: '011' },
  { code: '214', name: 'First City Monument Bank', cbnCode: '214' },
  { code: '00103', name: 'Globus Bank', cbnCode: '103' },
  { code: '058', name: 'Guaranty Trust Bank', cbnCode: '058' },
  { code: '030', name: 'Heritage Bank', cbnCode: '030' },
  { code: '301', name: 'Jaiz Bank', cbnCode: '301' },
  { code: '082', name: 'Keystone Bank', cbnCode: '082' },
  { code: '50211', name: 'Kuda Bank', cbnCode: null },
  { code: '303', name: 'Lotus Bank', cbnCode: '303' },
  { code: '50515', name: 'Moniepoint MFB', cbnCode: null },
  { code: '999992', name: 'OPay Digital Services (OPay)', cbnCode: null },
  { code: '107', name: 'Optimus Bank', cbnCode: '107' },
  { code: '999991', name: 'PalmPay', cbnCode: null },
  { code: '526', name: 'Parallex Bank', cbnCode: '104' },
  { code: '076', name: 'Polaris Bank', cbnCode: '076' },
  { code: '105', name: 'PremiumTrust Bank', cbnCode: '105' },
  { code: '101', name: 'Providus Bank', cbnCode: '101' },
  { code: '106', name: 'Signature Bank', cbnCode: '106' },
  { code: '221', name: 'Stanbic IBTC Bank', cbnCode: '221' },
  { code: '068', name: 'Standard Chartered Bank', cbnCode: '068' },
  { code: '232', name: 'Sterling Bank', cbnCode: '232' },
  { code: '100', name: 'Suntrust Bank', cbnCode: '100' },
  { code: '302', name: 'TAJ Bank', cbnCode: '302' },
  { code: '102', name: 'Titan Trust Bank', cbnCode: '102' },
  { code: '032', name: 'Union Bank of Nigeria', cbnCode: '032' },
  { code: '033', name: 'United Bank For Africa', cbnCode: '033' },
  { code: '215', name: 'Unity Bank', cbnCode: '215' },
  { code: '035', name: 'Wema Bank', cbnCode: '035' },
  { code: '057', name: 'Zenith Bank', cbnCode: '057' },
];
