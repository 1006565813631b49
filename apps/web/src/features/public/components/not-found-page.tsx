// Placeholder: replaced in this session by the owner of this file.
export function NotFoundPage() {
  return <h1>Page Not Found</h1>;
}
