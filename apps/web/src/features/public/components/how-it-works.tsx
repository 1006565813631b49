/** docs/product.md §1's public how-to, in four steps a first-time seller can follow. */
const STEPS = [
  {
    // The spec's "download" step: Karta runs in the browser and the phone apps are not out (the
    // download block says so), so this step must not send anyone to an app.
    title: 'Register',
    text: 'Open Karta in your phone’s browser (no app to install), create your account and confirm it with the code we e-mail you.',
  },
  {
    title: 'Enter your card',
    text: 'Log in, press Trade and enter the card amount. Add a comment if you like: an e-code, or anything we should know.',
  },
  {
    title: 'Upload and check',
    text: 'Upload a clear photo of the card, then press Proceed to see a summary with the rate.',
  },
  {
    title: 'Create trade, get paid',
    text: 'Press Create trade. Once the card is approved, the naira is in your balance, ready to withdraw.',
  },
];

export function HowItWorks() {
  return (
    <section
      aria-labelledby="how-it-works"
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20"
    >
      <h2 id="how-it-works" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        How trading works
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-slate">
        Four steps, and you always know where your card is.
      </p>
      <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-[12px] border border-line bg-white p-6">
            <span
              aria-hidden="true"
              className="money flex h-10 w-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-5 text-lg font-semibold text-ink">{step.title}</h3>
            <p className="mt-2 leading-relaxed text-slate">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
