import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { COPY_FEEDBACK_MS, CURRENCY, REFERRAL_REWARD_KOBO } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { ReferralList } from './referral-list';

const REWARD = new Intl.NumberFormat('en-NG', { style: 'currency', currency: CURRENCY }).format(
  REFERRAL_REWARD_KOBO / 100,
);

type Target = 'code' | 'link';
interface Feedback {
  target: Target;
  text: string;
  isError: boolean;
}

interface RewardsModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The signed-in user's code; empty when the account has none. */
  referralCode: string;
}

export function RewardsModal({ isOpen, onClose, referralCode }: RewardsModalProps) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const code = referralCode.trim();
  const link = code ? `${window.location.origin}${paths.register.getHref(code)}` : '';

  const copy = async (target: Target, text: string, confirmation: string) => {
    window.clearTimeout(timer.current);
    // Older browsers and pages served over plain http have no asynchronous clipboard.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      setFeedback({ target, text: MESSAGES.CLIPBOARD_UNSUPPORTED, isError: true });
      return;
    }
    try {
      await clipboard.writeText(text);
      setFeedback({ target, text: confirmation, isError: false });
      timer.current = window.setTimeout(() => {
        setFeedback(null);
      }, COPY_FEEDBACK_MS);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFeedback({ target, text: `Error: ${message}`, isError: true });
    }
  };

  const close = () => {
    window.clearTimeout(timer.current);
    setFeedback(null);
    onClose();
  };

  const renderFeedback = (target: Target) => (
    <p
      role="status"
      className={`min-h-5 text-sm font-medium ${feedback?.isError ? 'text-rejected' : 'text-brand'}`}
    >
      {feedback?.target === target ? feedback.text : ''}
    </p>
  );

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Refer a friend and earn"
      description={
        <>
          Earn <span className="money font-semibold text-ink">{REWARD}</span> for every friend who
          joins Karta with your code.
        </>
      }
    >
      <ol className="mb-5 list-decimal space-y-1 pl-5 text-sm text-ink">
        <li>Share your code or your invite link.</li>
        <li>Your friend registers on Karta with it.</li>
        <li>
          When their first trade is approved, we add{' '}
          <span className="money font-semibold">{REWARD}</span> to your wallet. Once per friend.
        </li>
      </ol>

      <div className="rounded-[12px] border border-line bg-mist p-4">
        <p className="text-sm text-slate">Your referral code</p>
        <div className="mt-1 flex items-center justify-between gap-3">
          <p className="text-xl font-bold tracking-wider break-all text-ink">
            {code || MESSAGES.NO_REFERRAL_CODE}
          </p>
          <Button
            variant="secondary"
            disabled={!code}
            onClick={() => void copy('code', code, MESSAGES.CODE_COPIED)}
          >
            Copy code
          </Button>
        </div>
        {renderFeedback('code')}
      </div>

      <div className="mt-3 rounded-[12px] border border-line bg-mist p-4">
        <p className="text-sm text-slate">Your invite link</p>
        <p className="mt-1 text-sm break-all text-ink">
          {link || 'Your invite link appears once your account has a referral code.'}
        </p>
        <Button
          fullWidth
          className="mt-3"
          disabled={!code}
          onClick={() => void copy('link', link, MESSAGES.LINK_COPIED)}
        >
          Copy link
        </Button>
        {renderFeedback('link')}
      </div>

      <ReferralList />

      <p className="mt-4 text-sm text-slate">
        Rewards follow our{' '}
        <Link
          to={paths.terms.getHref('reward-system')}
          className="font-semibold text-brand underline hover:text-brand-deep"
        >
          reward system terms
        </Link>
        .
      </p>
    </Modal>
  );
}
