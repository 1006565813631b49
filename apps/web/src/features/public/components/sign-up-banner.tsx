import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * The spec shows an e-mail box and a Sign Up button with no behaviour of their own, so the
 * banner takes the visitor to registration, carrying the address in the navigation state for
 * the register form to pick up.
 */
export function SignUpBanner() {
  const navigate = useNavigate();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(paths.register.getHref(), { state: { email: email.trim() } });
  };
  return (
    <section aria-labelledby="sign-up" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <div className="rounded-[20px] bg-brand px-6 py-10 text-white sm:px-10 md:flex md:items-center md:justify-between md:gap-10">
        <div className="max-w-lg">
          <h2 id="sign-up" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Ready to sell your first card?
          </h2>
          <p className="mt-3 text-white/90">
            Create your free account in a few minutes. You need to be 18 or older.
          </p>
        </div>
        <form
          // Even with no script at all, never a GET: the fields would be in the address (decision 074).
          method="post"
          onSubmit={onSubmit}
          className="mt-6 flex w-full flex-col gap-3 sm:flex-row md:mt-0 md:max-w-md"
        >
          <label htmlFor={inputId} className="sr-only">
            Your e-mail address
          </label>
          <input
            id={inputId}
            type="email"
            autoComplete="email"
            placeholder="Your e-mail address"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
            className="min-h-12 w-full min-w-0 flex-1 rounded-[12px] border border-white/40 bg-white px-4 text-base text-ink placeholder:text-slate focus:ring-2 focus:ring-gold focus:outline-none"
          />
          <button
            type="submit"
            // Pressed before the app's script has arrived: held by the page's inline script,
            // which shows this, and sent by the app once it runs (decision 074).
            data-queued-text="Opening..."
            className="min-h-12 shrink-0 rounded-[12px] bg-brand-deep px-6 font-semibold text-white transition-colors hover:bg-ink"
          >
            Sign Up
          </button>
        </form>
      </div>
    </section>
  );
}
