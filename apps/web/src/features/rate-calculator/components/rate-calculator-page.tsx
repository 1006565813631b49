// Placeholder: replaced in this session by the owner of this file.
export function RateCalculatorPage() {
  return <h1>Rate Calculator</h1>;
}
