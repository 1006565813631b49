// Placeholder: replaced in this session by the owner of this file.
export function LoginPage() {
  return <h1>Welcome Back</h1>;
}
