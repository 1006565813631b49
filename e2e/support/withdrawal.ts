import { confirmedPerson } from './accounts';
import { apiLogin, fundWallet, setPin } from './money';

const PIN = '2580';
/** Guaranty Trust Bank, NUBAN-valid; 9997 keeps the sandbox transfer pending for 10 minutes. */
const SLOW_ACCOUNT = '9997000010';

interface Created {
  data: { id: string; transaction_id: string };
}

/** A verified seller asks, through the API, for ₦1,000 to the slow account. */
export async function slowWithdrawal(baseUrl: string) {
  const seller = await confirmedPerson(baseUrl);
  await fundWallet(baseUrl, seller, 3_000);
  await setPin(baseUrl, seller, PIN);
  const { token, userId } = await apiLogin(baseUrl, seller.email, seller.password);
  const send = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${String(response.status)}: ${text}`);
    return JSON.parse(text) as unknown;
  };
  await send(`/api/v1/user/verify_kyc/${userId}`, {
    bvn: `2${String(Date.now()).slice(-10)}`,
  });
  const banks = (await (
    await fetch(`${baseUrl}/api/v1/finance/get_banks`, { headers: { authorization: token } })
  ).json()) as { data: { id: number; code: string }[] };
  const gtbank = banks.data.find((bank) => bank.code === '058');
  if (!gtbank) throw new Error('no Guaranty Trust Bank');
  const created = (await send(
    `/api/v1/transaction/withdrawal_request/${userId}`,
    {
      amount: 1_000,
      pin: PIN,
      bank_id: gtbank.id,
      account_bank: '058',
      account_number: SLOW_ACCOUNT,
    },
    { 'idempotency-key': crypto.randomUUID() },
  )) as Created;
  return created.data;
}
