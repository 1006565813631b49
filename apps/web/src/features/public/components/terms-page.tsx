// Placeholder: replaced in this session by the owner of this file.
export function TermsPage() {
  return <h1>Terms of use</h1>;
}
