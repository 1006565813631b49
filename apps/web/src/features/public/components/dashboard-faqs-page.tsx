// Placeholder: replaced in this session by the owner of this file.
export function DashboardFaqsPage() {
  return <h1>FAQs</h1>;
}
