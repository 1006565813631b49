// Placeholder: replaced in this session by the owner of this file.
export function ContactPage() {
  return <h1>Get In Touch</h1>;
}
