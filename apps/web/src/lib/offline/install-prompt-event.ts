/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const announce = () => {
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's install offer for the dashboard's "Add to home screen" banner. Started by
 * main.tsx, because the browser may make the offer on any page, before the dashboard is open;
 * the offer is held back (no mini-infobar) so that only the dashboard asks, and only on phones.
 */
export function listenForInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    announce();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    announce();
  });
}

export function getInstallOffer() {
  return offer;
}

/** An offer can be shown once: after prompt() it is spent. */
export function spendInstallOffer() {
  offer = null;
  announce();
}

export function subscribeToInstallOffer(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}
