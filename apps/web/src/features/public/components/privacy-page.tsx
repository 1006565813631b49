// Placeholder: replaced in this session by the owner of this file.
export function PrivacyPage() {
  return <h1>Privacy policy</h1>;
}
