// Placeholder: replaced in this session by the owner of this file.
export function HomePage() {
  return <h1>Home</h1>;
}
