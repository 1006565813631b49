import { MOBILE_BREAKPOINT_PX } from '@karta/shared/constants';
import { useId, useState, useSyncExternalStore } from 'react';
import {
  getInstallOffer,
  spendInstallOffer,
  subscribeToInstallOffer,
} from '../../lib/offline/install-prompt-event';
import { Button } from '../ui/button';
import { DashboardIcon } from './dashboard-icons';

/** Where the time of the last "not now" is kept; the banner stays away for 30 days after it. */
export const INSTALL_DISMISSED_KEY = 'karta:install-dismissed-at';
const DISMISSAL_MS = 30 * 24 * 60 * 60 * 1000;

const matches = (query: string) =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

const isPhone = () => matches('(pointer: coarse)') || window.innerWidth < MOBILE_BREAKPOINT_PX;

/** Already opened from the home screen (Safari says so its own way). */
const isInstalled = () =>
  matches('(display-mode: standalone)') ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Safari on iPhone and iPad has no install offer: a person adds the app from the Share menu. */
const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

function wasDismissedLately() {
  const at = Number(localStorage.getItem(INSTALL_DISMISSED_KEY));
  return Number.isFinite(at) && at > 0 && Date.now() - at < DISMISSAL_MS;
}

/**
 * "Add Karta to your home screen", on the dashboard of a phone only: with an Install button
 * when the browser offers to install (Chromium's beforeinstallprompt), or with the Share → Add
 * to Home Screen steps on an iPhone. A dismissal is remembered for 30 days.
 */
export function InstallPrompt() {
  const titleId = useId();
  const offer = useSyncExternalStore(subscribeToInstallOffer, getInstallOffer, () => null);
  const [isDismissed, setIsDismissed] = useState(wasDismissedLately);
  if (isDismissed || isInstalled() || !isPhone()) return null;
  const showsAppleSteps = !offer && isAppleMobile();
  if (!offer && !showsAppleSteps) return null;

  const dismiss = () => {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    setIsDismissed(true);
  };
  const install = async () => {
    spendInstallOffer();
    await offer?.prompt();
    const choice = await offer?.userChoice;
    if (choice?.outcome === 'dismissed') dismiss();
  };

  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 flex flex-col gap-3 rounded-[12px] border border-brand bg-white p-4 sm:flex-row sm:items-center"
    >
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="rounded-[8px]" />
      <div className="flex-1">
        <h2 id={titleId} className="font-semibold text-ink">
          Add Karta to your home screen
        </h2>
        <p className="text-sm text-ink">
          {showsAppleSteps
            ? 'Tap Share, then Add to Home Screen. Karta opens like an app and shows your last trades and withdrawals even without a connection.'
            : 'Karta opens like an app and shows your last trades and withdrawals even without a connection.'}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {!showsAppleSteps && (
          <Button
            variant="secondary"
            onClick={() => void install()}
            className="flex-1 sm:flex-none"
          >
            Install
          </Button>
        )}
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss the home screen suggestion"
          className="flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-mist"
        >
          <DashboardIcon name="close" />
        </button>
      </div>
    </section>
  );
}
