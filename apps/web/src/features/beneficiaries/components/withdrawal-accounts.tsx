// Placeholder: replaced in this session by the owner of this file.
export function WithdrawalAccounts() {
  return <h1>Withdrawal Accounts</h1>;
}
