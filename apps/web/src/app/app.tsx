/**
 * The frame the web app issue fills in: for now one page that proves the API serves the built
 * app, from the same origin, on every path.
 */
export function App() {
  return (
    <main
      style={{
        fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
        color: '#0F172A',
        background: '#F1F5F4',
        minHeight: '100vh',
        margin: 0,
        padding: '48px 20px',
        boxSizing: 'border-box',
      }}
    >
      <div style={{ maxWidth: 560, margin: '0 auto' }}>
        <p style={{ color: '#0B7A4B', fontWeight: 700, fontSize: 28, margin: 0 }}>karta</p>
        <h1 style={{ fontSize: 32, lineHeight: 1.2 }}>Sell your gift cards for naira.</h1>
        <p style={{ color: '#475569', fontSize: 18 }}>
          The Karta web app is on its way. The API is live at <a href="/api/docs">/api/docs</a>.
        </p>
      </div>
    </main>
  );
}
