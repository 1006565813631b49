import { textTableRows } from '../../lib/text-table';
import type { Bank } from './payouts';

/**
 * Nigerian banks as Paystack lists them (`GET /bank?country=nigeria`): its `code` for each, and
 * the 3-digit CBN code that NUBAN check digits are computed over. Microfinance banks and
 * mobile-money operators (Kuda, OPay, PalmPay, Moniepoint) have longer codes and no 3-digit CBN
 * code ("-" below), so their numbers cannot be checked offline. The sandbox lists exactly these.
 */
const BANKS_TABLE = `
code    cbn  name
044     044  Access Bank
063     063  Access Bank (Diamond)
023     023  Citibank Nigeria
050     050  Ecobank Nigeria
070     070  Fidelity Bank
011     011  First Bank of Nigeria
214     214  First City Monument Bank
00103   103  Globus Bank
058     058  Guaranty Trust Bank
030     030  Heritage Bank
301     301  Jaiz Bank
082     082  Keystone Bank
50211   -    Kuda Bank
303     303  Lotus Bank
50515   -    Moniepoint MFB
999992  -    OPay Digital Services (OPay)
107     107  Optimus Bank
999991  -    PalmPay
526     104  Parallex Bank
076     076  Polaris Bank
105     105  PremiumTrust Bank
101     101  Providus Bank
106     106  Signature Bank
221     221  Stanbic IBTC Bank
068     068  Standard Chartered Bank
232     232  Sterling Bank
100     100  Suntrust Bank
302     302  TAJ Bank
102     102  Titan Trust Bank
032     032  Union Bank of Nigeria
033     033  United Bank For Africa
215     215  Unity Bank
035     035  Wema Bank
057     057  Zenith Bank
`;

export const NIGERIAN_BANKS: readonly Bank[] = textTableRows(BANKS_TABLE).map(
  ([code = '', cbnCode = '', name = '']) => ({
    code,
    name,
    cbnCode: cbnCode === '-' ? null : cbnCode,
  }),
);
