import { useEffect, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';

interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name ("Copy comment"). */
  what: string;
}

/** Copies text to the clipboard and says so for two seconds (or why it could not). */
export function CopyButton({ text, what }: CopyButtonProps) {
  const [feedback, setFeedback] = useState<{ text: string; isError: boolean } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    window.clearTimeout(timer.current);
    // Pages served over plain http have no asynchronous clipboard.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    try {
      if (!clipboard) throw new Error(MESSAGES.CLIPBOARD_UNSUPPORTED);
      await clipboard.writeText(text);
      setFeedback({ text: 'Copied', isError: false });
      timer.current = window.setTimeout(() => {
        setFeedback(null);
      }, COPY_FEEDBACK_MS);
    } catch (error) {
      setFeedback({ text: error instanceof Error ? error.message : String(error), isError: true });
    }
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        aria-label={`Copy ${what}`}
        onClick={() => void copy()}
        className="inline-flex min-h-11 items-center rounded-[12px] border border-brand bg-white px-4 text-sm font-semibold text-brand hover:bg-brand/5"
      >
        Copy
      </button>
      <span
        role="status"
        className={`text-sm font-medium ${feedback?.isError ? 'text-rejected' : 'text-brand'}`}
      >
        {feedback?.text ?? ''}
      </span>
    </span>
  );
}
