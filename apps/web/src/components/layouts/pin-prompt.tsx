import { useId } from 'react';
import { PIN_LENGTH } from '@karta/shared/constants';
import { Button } from '../ui/button';
import { DashboardIcon } from './dashboard-icons';

interface PinPromptProps {
  onSetPin: () => void;
  onDismiss: () => void;
}

/** Shown to a user who has no withdrawal PIN yet, so the first withdrawal is not held up. */
export function PinPrompt({ onSetPin, onDismiss }: PinPromptProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 flex flex-col gap-3 rounded-[12px] border border-gold bg-pending-bg p-4 lg:flex-row lg:items-center"
    >
      <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-pending lg:flex">
        <DashboardIcon name="pin" />
      </span>
      <div className="flex-1">
        <h2 id={titleId} className="font-semibold text-ink">
          Set your withdrawal PIN
        </h2>
        <p className="text-sm text-ink">
          You confirm every withdrawal with a {PIN_LENGTH}-digit PIN. Set it now, so your money is
          ready to leave when you are.
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          onClick={onSetPin}
          aria-haspopup="dialog"
          className="flex-1 sm:flex-none"
        >
          Set PIN
        </Button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss PIN reminder"
          className="flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-white"
        >
          <DashboardIcon name="close" />
        </button>
      </div>
    </section>
  );
}
