import type { OwnSession } from '@karta/shared/schemas/sessions';
import { Button } from '../../../components/ui/button';
import { formatLagosDateTime } from '../../../lib/format-date';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { selectUser } from '../../../lib/session/auth-slice';
import { clearSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useEndOwnSessionMutation, useListOwnSessionsQuery } from '../api';

const DEVICE_WORDS: Record<OwnSession['device'], string> = {
  web: 'Web browser',
  ios: 'iPhone app',
  android: 'Android app',
};

/**
 * Settings › Profile: where the account is signed in, and a way to sign any one out (decision
 * 075). Signing every device out is the menu's Sign out, which now says which it does.
 */
export function SignedInDevices() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const {
    data: sessions,
    isLoading,
    isError,
    refetch,
  } = useListOwnSessionsQuery(user?.id ?? '', {
    skip: !user,
  });
  const [endOwnSession, { isLoading: isEnding, originalArgs }] = useEndOwnSessionMutation();

  const signOut = async (session: OwnSession) => {
    if (!user) return;
    try {
      const result = await endOwnSession({
        userId: user.id,
        body: { session_id: session.id },
      }).unwrap();
      if (session.is_current) {
        toast.success('You are signed out on this device. Your other devices stay signed in.');
        clearSession(dispatch);
        return;
      }
      toast.success(result.message);
      void refetch();
    } catch {
      // Said by lib/error-toasts (already signed out: the list is read again).
      void refetch();
    }
  };

  return (
    <section aria-labelledby="signed-in-devices-title" className="flex flex-col gap-3">
      <h3 id="signed-in-devices-title" className="text-lg font-bold text-ink">
        Signed-in devices
      </h3>
      {isLoading && <p className="text-sm text-slate">Loading your devices...</p>}
      {isError && (
        <p className="text-sm text-slate">
          We could not load your devices.{' '}
          <button
            type="button"
            className="min-h-11 font-semibold text-brand underline"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </p>
      )}
      {sessions && (
        <ul aria-label="Signed-in devices" className="flex flex-col gap-2">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-[12px] border border-line bg-white p-3"
            >
              <div>
                <p className="font-semibold text-ink">
                  {DEVICE_WORDS[session.device]}
                  {session.is_current && ' · this device'}
                </p>
                <p className="text-sm text-slate">
                  Signed in {formatLagosDateTime(session.signed_in_at)} · last active{' '}
                  {formatLagosDateTime(session.last_active_at)}
                </p>
              </div>
              <Button
                variant="secondary"
                isLoading={isEnding && originalArgs?.body.session_id === session.id}
                loadingText="Signing out..."
                aria-label={
                  session.is_current
                    ? 'Sign out of this device'
                    : `Sign out the ${DEVICE_WORDS[session.device].toLowerCase()} last active ${formatLagosDateTime(session.last_active_at)}`
                }
                onClick={() => void signOut(session)}
              >
                Sign out
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate">
        To sign out everywhere at once, use Sign out in the menu and choose Every device.
      </p>
    </section>
  );
}
