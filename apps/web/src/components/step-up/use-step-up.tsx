import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage, markShownInPlace } from '../../lib/api-error';
import { isStepUpRequired, stepUpWaysOf, type StepUpWay } from '../../lib/step-up-api';
import { StepUpDialog } from './step-up-dialog';

/** The person closed the code prompt: the request was not made, and the form stays as it is. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The change was not confirmed.');
    this.name = 'StepUpCancelled';
  }
}

export const isStepUpCancelled = (error: unknown): error is StepUpCancelled =>
  error instanceof StepUpCancelled;

interface Question {
  reason: string;
  /** The ways the refusal named: the app's code, a passkey, or both. */
  ways: StepUpWay[];
  resolve: () => void;
  reject: (error: StepUpCancelled) => void;
}

/**
 * Step-up in place (decision 061, docs/api.md "Step-up"): `send(call)` makes the call; when the
 * API answers 401 STEP_UP_REQUIRED, `prompt` asks for the authenticator code or the passkey (the
 * ways the refusal names), steps the session up with it (`stepUp`) and makes the very same call again: the same arguments, so a
 * withdrawal's Idempotency-Key too, and it can never pay twice. The form keeps what was typed;
 * Cancel rejects with `StepUpCancelled`, which the caller ignores. Any other answer, first or
 * after the code, comes back to the caller as before.
 */
export function useStepUp() {
  const [question, setQuestion] = useState<Question | null>(null);
  const questionRef = useRef<Question | null>(null);

  const settle = useCallback((how: 'confirmed' | 'cancelled') => {
    const asked = questionRef.current;
    questionRef.current = null;
    setQuestion(null);
    if (how === 'confirmed') asked?.resolve();
    else asked?.reject(new StepUpCancelled());
  }, []);

  // A form that goes away while asking leaves no promise waiting.
  useEffect(
    () => () => {
      questionRef.current?.reject(new StepUpCancelled());
      questionRef.current = null;
    },
    [],
  );

  const send = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (!isStepUpRequired(error)) throw error;
        // The prompt says it; no toast as well.
        markShownInPlace(error);
        await new Promise<void>((resolve, reject) => {
          const asked = {
            reason: getErrorMessage(error),
            ways: stepUpWaysOf(error),
            resolve,
            reject,
          };
          questionRef.current = asked;
          setQuestion(asked);
        });
      }
    }
  }, []);

  const prompt = (
    <StepUpDialog
      isOpen={question !== null}
      reason={question?.reason}
      ways={question?.ways ?? ['totp']}
      onConfirmed={() => {
        settle('confirmed');
      }}
      onCancel={() => {
        settle('cancelled');
      }}
    />
  );
  return { send, prompt };
}
