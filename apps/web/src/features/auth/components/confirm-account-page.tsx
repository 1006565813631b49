// Placeholder: replaced in this session by the owner of this file.
export function ConfirmAccountPage() {
  return <h1>Confirm Account</h1>;
}
