// Placeholder: replaced in this session by the owner of this file.
export function ResetPasswordPage() {
  return <h1>Reset password</h1>;
}
