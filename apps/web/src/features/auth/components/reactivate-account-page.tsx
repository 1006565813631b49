// Placeholder: replaced in this session by the owner of this file.
export function ReactivateAccountPage() {
  return <h1>Reactivate Your Account</h1>;
}
