// Placeholder: replaced in this session by the owner of this file.
export function WithdrawalDetail() {
  return <h1>Withdrawal</h1>;
}
