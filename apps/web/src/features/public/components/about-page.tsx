// Placeholder: replaced in this session by the owner of this file.
export function AboutPage() {
  return <h1>About</h1>;
}
