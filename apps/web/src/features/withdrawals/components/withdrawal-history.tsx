// Placeholder: replaced in this session by the owner of this file.
export function WithdrawalHistory() {
  return <h1>Withdrawal History</h1>;
}
