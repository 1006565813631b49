// Placeholder: replaced in this session by the owner of this file.
export function RegisterPage() {
  return <h1>Register an account</h1>;
}
