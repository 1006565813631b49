import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { selectUser } from '../../../lib/session/auth-slice';
import {
  STAFF_TWO_FACTOR_LINE,
  twoFactorRequiredStore,
} from '../../../lib/session/two-factor-required';
import { useAppSelector } from '../../../lib/store/hooks';
import { useSecurityStatusQuery } from '../api';
import { PasskeysSection } from './passkeys-section';
import { TurnOffForm } from './turn-off-form';
import { TurnOnFlow } from './turn-on-flow';
import { PageHeadingLevel, SubHeading } from './sub-heading';

type Flow = 'status' | 'turning-on' | 'turning-off';

/**
 * Settings › Security, and the console's Security page for staff (decisions 061, 062): whether
 * two-step sign-in is on (an authenticator app, a passkey, or both), the recovery codes left,
 * turning the app on or off, and the passkeys.
 */
export function SecurityPage({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const user = useAppSelector(selectUser);
  const titleId = useId();
  const [flow, setFlow] = useState<Flow>('status');
  const status = useSecurityStatusQuery();
  const isRequiredForConsole = useSyncExternalStore(
    twoFactorRequiredStore.subscribe,
    twoFactorRequiredStore.get,
    () => false,
  );
  const twoFactor = status.data?.data.two_factor;
  const hasPasskeys = (twoFactor?.passkeys ?? 0) > 0;
  const isOn = twoFactor !== undefined && (twoFactor.totp || hasPasskeys);
  // On by an app or a passkey: the console may be tried again (STAFF_TWO_FACTOR).
  useEffect(() => {
    if (isOn) twoFactorRequiredStore.clear();
  }, [isOn]);
  const backToStatus = () => {
    setFlow('status');
  };

  return (
    <PageHeadingLevel value={headingLevel}>
      <section aria-labelledby={titleId} className="flex max-w-2xl flex-col gap-5">
        <div>
          <Heading
            id={titleId}
            className={`font-bold text-ink ${headingLevel === 1 ? 'text-2xl md:text-3xl' : 'text-xl'}`}
          >
            Security
          </Heading>
          <p className="mt-1 text-sm text-slate">
            Two-step sign-in asks for a code from an app on your phone, or for one of your passkeys,
            after your password, so a stolen password alone cannot open your account.
          </p>
        </div>
        {isRequiredForConsole && !isOn && (
          <p
            role="alert"
            className="rounded-[12px] bg-pending-bg p-3 text-sm font-medium text-pending"
          >
            {STAFF_TWO_FACTOR_LINE}
          </p>
        )}
        {status.isError && !twoFactor ? (
          <LoadError
            message="We could not load your security settings."
            onRetry={() => void status.refetch()}
            isRetrying={status.isFetching}
          />
        ) : !twoFactor || !user ? (
          <Spinner label="Loading your security settings..." />
        ) : flow === 'turning-on' ? (
          <TurnOnFlow userId={user.id} onCancel={backToStatus} onDone={backToStatus} />
        ) : flow === 'turning-off' ? (
          <TurnOffForm userId={user.id} onCancel={backToStatus} onDone={backToStatus} />
        ) : (
          <div className="flex flex-col gap-4 rounded-[12px] border border-line p-4">
            <div className="flex flex-wrap items-center gap-3">
              <SubHeading>Two-step sign-in</SubHeading>
              <span
                className={`rounded-full px-3 py-1 text-sm font-semibold ${isOn ? 'bg-approved-bg text-approved' : 'border border-line bg-mist text-slate'}`}
              >
                {isOn ? 'On' : 'Off'}
              </span>
            </div>
            {twoFactor.totp ? (
              <>
                <p className="text-sm text-slate">
                  {hasPasskeys
                    ? 'After your password, Karta asks for the code from your authenticator app or one of your passkeys.'
                    : 'After your password, Karta asks for the code from your authenticator app.'}
                </p>
                <p className="text-sm text-ink">
                  Recovery codes left:{' '}
                  <span className="money font-semibold">{twoFactor.recovery_codes_left}</span> of 10
                </p>
                <Button
                  variant="secondary"
                  className="sm:self-start"
                  onClick={() => {
                    setFlow('turning-off');
                  }}
                >
                  {hasPasskeys ? 'Remove the authenticator app' : 'Turn off two-step sign-in'}
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-slate">
                  {hasPasskeys
                    ? 'After your password, Karta asks for one of your passkeys. You can add an authenticator app as another way, with recovery codes for a lost phone.'
                    : 'Off: your password alone signs in to your account.'}
                </p>
                <Button
                  className="sm:self-start"
                  variant={hasPasskeys ? 'secondary' : 'primary'}
                  onClick={() => {
                    setFlow('turning-on');
                  }}
                >
                  {hasPasskeys ? 'Add an authenticator app' : 'Turn on two-step sign-in'}
                </Button>
              </>
            )}
          </div>
        )}
        {user && flow === 'status' && <PasskeysSection userId={user.id} />}
      </section>
    </PageHeadingLevel>
  );
}

/** The console's page: the same settings, as the page's own title (console pages have an h1). */
export function ConsoleSecurityPage() {
  return <SecurityPage headingLevel={1} />;
}
