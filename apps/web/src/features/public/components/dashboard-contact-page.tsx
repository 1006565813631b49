// Placeholder: replaced in this session by the owner of this file.
export function DashboardContactPage() {
  return <h1>Contact Us</h1>;
}
