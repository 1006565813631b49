import { useId, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { findRateTargetProblem } from '@karta/shared/rate-alert-rules';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { paths } from '../../../config/paths';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import type { Subcategory } from '../../../lib/catalog-api';
import { currencySymbol, formatNaira } from '../../../lib/format-money';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetRateAlertsQuery, useSaveRateAlertMutation } from '../api';

interface RateAlertFormProps {
  cardName: string;
  subcategory: Subcategory;
}

/** Under the calculator, once a subcategory is chosen: the alert to set, or a way to sign in. */
export function RateAlertSection({ cardName, subcategory }: RateAlertFormProps) {
  const user = useAppSelector(selectUser);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-[12px] border border-line p-5"
      data-testid="rate-alert"
    >
      <h2 id={titleId} className="text-lg font-bold text-ink">
        Rate alert
      </h2>
      {user ? (
        <RateAlertForm userId={user.id} cardName={cardName} subcategory={subcategory} />
      ) : (
        <p className="mt-2 text-sm text-slate">
          Want to know when this rate goes up?{' '}
          <Link
            to={paths.login.getHref()}
            state={{ from: { pathname: paths.dashboard.rateCalculator.getHref() } }}
            className="font-semibold text-brand underline hover:text-brand-deep"
          >
            Log in
          </Link>{' '}
          to set a rate alert: we tell you by e-mail when it reaches your rate.
        </p>
      )}
    </section>
  );
}

/**
 * "Alert me when the rate reaches ₦…" (decision 039). The target must be above today's rate; a
 * second alert on the same subcategory changes the first. Problems show under the field.
 */
function RateAlertForm({ userId, cardName, subcategory }: RateAlertFormProps & { userId: string }) {
  const { data: alerts } = useGetRateAlertsQuery(userId);
  const [saveRateAlert, { isLoading }] = useSaveRateAlertMutation();
  const existing = alerts?.find((alert) => alert.subcategory_id === subcategory.id);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  const unit = `${currencySymbol(subcategory.currency)}1`;
  const what = `${cardName} ${subcategory.name}`.trim();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSaved(null);
    const found =
      findRateTargetProblem(typed) ??
      (Number(typed) <= subcategory.rate
        ? `The rate is already ${formatNaira(subcategory.rate)}. Choose a rate above ${formatNaira(subcategory.rate)} to be told when it goes up.`
        : undefined);
    setProblem(found);
    if (found) return;
    try {
      const alert = await saveRateAlert({
        userId,
        body: { subcategory_id: subcategory.id, rate: typed.trim() },
      }).unwrap();
      // Said once, in place (role status), beside the form that set it.
      const message = `Alert set. We will tell you when ${what} reaches ${formatNaira(alert.target_rate)} per ${unit}.`;
      setSaved(message);
      setTyped('');
    } catch (error) {
      const fields = getFieldErrors(error);
      const inPlace = fields.rate ?? fields.subcategory_id;
      if (inPlace) {
        markShownInPlace(error);
        setProblem(inPlace);
      }
    }
  };

  return (
    <>
      <p className="mt-1 text-sm text-slate">
        {existing
          ? `Your alert: we tell you when the rate reaches ${formatNaira(existing.target_rate)} per ${unit}. Set a new rate to change it.`
          : `Today's rate is ${formatNaira(subcategory.rate)} per ${unit}. We tell you by e-mail and in your notices when it goes up to your rate, at most once a day.`}
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextInput
          label="Alert me when the rate reaches"
          prefix="₦"
          inputMode="decimal"
          autoComplete="off"
          placeholder={String(Math.ceil(subcategory.rate + 1))}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(undefined);
          }}
          error={problem}
          className="sm:flex-1 [&_input]:tabular-nums"
        />
        <Button
          type="submit"
          variant="secondary"
          isLoading={isLoading}
          loadingText="Saving..."
          className="sm:mt-7"
        >
          {existing ? 'Change alert' : 'Set alert'}
        </Button>
      </form>
      {saved && (
        <p role="status" className="mt-3 rounded-[12px] bg-approved-bg p-3 text-sm text-approved">
          {saved}
        </p>
      )}
      <Link
        to={paths.dashboard.rateAlerts.getHref()}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline hover:text-brand-deep"
      >
        Manage your rate alerts
      </Link>
    </>
  );
}
