// Placeholder: replaced in this session by the owner of this file.
export function TradeHistory() {
  return <h1>Trade History</h1>;
}
