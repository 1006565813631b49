import type { BankAccountInput } from '@karta/shared/schemas/finance';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { isStepUpCancelled, useStepUp } from '../../../components/step-up/use-step-up';
import { getErrorMessage, markShownInPlace } from '../../../lib/api-error';
import { useRequestAccountApprovalMutation } from '../api';

const ASKED =
  'Karta will look at this account and tell you the answer by notice and e-mail. Once approved, it appears in your withdrawal accounts.';

/**
 * The add-account refusal for an account not in the seller's own name (decision 064), in place:
 * the API's words (they name whose account the bank says it is) and the one way on, asking Karta
 * to approve this account.
 */
export function NotOwnAccount({
  userId,
  refusal,
}: {
  userId: string;
  refusal: { message: string; body: BankAccountInput };
}) {
  const [requestApproval, { isLoading }] = useRequestAccountApprovalMutation();
  const [isAsked, setIsAsked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const stepUp = useStepUp();

  const ask = async () => {
    setProblem(null);
    try {
      await stepUp.send(() => requestApproval({ userId, body: refusal.body }).unwrap());
      setIsAsked(true);
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      markShownInPlace(error);
      setProblem(getErrorMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-[12px] bg-rejected-bg p-3 text-sm">
      <p role="alert" className="text-rejected">
        {refusal.message}
      </p>
      {isAsked ? (
        <p role="status" className="text-ink">
          {ASKED}
        </p>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          isLoading={isLoading}
          loadingText="Asking..."
          onClick={() => void ask()}
        >
          Ask Karta to approve this account
        </Button>
      )}
      {problem && <p className="text-rejected">{problem}</p>}
      {stepUp.prompt}
    </div>
  );
}
