import { Link, useLocation, useParams } from 'react-router';
import { getRecordBackLink, type RecordRoutes } from '../../lib/record-links';

/**
 * A record the account does not have (the reference comes from the route's `:id`). "Back"
 * returns to the list the record was opened from.
 */
export function RecordNotFound({ routes }: { routes: RecordRoutes }) {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const back = getRecordBackLink(routes, pathname, null);
  const { noun } = routes;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center rounded-[12px] bg-white px-6 py-10 text-center md:py-14">
      <span
        aria-hidden="true"
        className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-pending-bg text-2xl font-bold text-pending"
      >
        ?
      </span>
      <h1 className="text-2xl font-bold text-ink">We could not find this {noun}</h1>
      <p className="mt-2 text-slate">
        There is no {noun} with the reference{' '}
        <span className="font-semibold break-all text-ink">{id}</span> in your account. Check the
        link, or find the {noun} in your history.
      </p>
      <Link
        to={back.to}
        className="mt-6 inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
      >
        {back.label}
      </Link>
    </section>
  );
}
