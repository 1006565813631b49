// Placeholder: replaced in this session by the owner of this file.
export function ForgotPasswordPage() {
  return <h1>Forgot password</h1>;
}
