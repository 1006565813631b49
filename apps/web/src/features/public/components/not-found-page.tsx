import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { primaryLinkClass } from './link-styles';

/** Any path the app does not know (docs/product.md §2). */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="money text-7xl font-extrabold tracking-tight text-brand/80" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate">
        We could not find the page you asked for. The link may be old, or the address may have a
        typo. Your account and your money are not affected.
      </p>
      <Link to={paths.root.getHref()} className={`mt-8 ${primaryLinkClass}`}>
        Go to Homepage
      </Link>
    </section>
  );
}
