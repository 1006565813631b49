// Placeholder: replaced in this session by the owner of this file.
export function AppErrorPage() {
  return <h1>Unexpected Application Error!</h1>;
}
