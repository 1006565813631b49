// Placeholder: replaced in this session by the owner of this file.
export function TradeDetail() {
  return <h1>Trade</h1>;
}
