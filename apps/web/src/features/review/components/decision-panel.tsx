import { useId, useState, type ReactNode, type SubmitEventHandler } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * A decision waiting for the operator's confirmation. `decide` sends it; when the server
 * refuses, the error toast says why and the trade is fetched again, so the dialog just closes.
 * `keepOpen` keeps it open after a failure it accepts (one whose outcome is unknown), so the
 * same choice can be sent again.
 */
export function useDecision<Choice>(
  decide: (choice: Choice) => Promise<void>,
  options: { keepOpen?: (error: unknown) => boolean } = {},
) {
  const [pending, setPending] = useState<Choice | null>(null);
  return {
    pending,
    ask: (choice: Choice) => {
      setPending(choice);
    },
    cancel: () => {
      setPending(null);
    },
    confirm: async () => {
      if (pending === null) return;
      try {
        await decide(pending);
      } catch (error) {
        // Said by the error toast (a 409 names who decided first), or in the dialog.
        if (options.keepOpen?.(error)) return;
      }
      setPending(null);
    },
  };
}

interface DecisionPanelProps<Choice> {
  /** "Approve" or "Reject": the panel's heading and name. */
  title: string;
  variant: 'primary' | 'secondary' | 'danger';
  submitLabel: string;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  /** The form's fields. */
  children: ReactNode;
  decision: ReturnType<typeof useDecision<Choice>>;
  isLoading: boolean;
  confirmation: { title: string; description: string; label: string; loadingText: string };
  /** What the operator is about to do, in the words the seller will see. */
  renderSummary: (choice: Choice) => ReactNode;
  /** Set when this operator may not take the step: the button is off, and this says why. */
  disabledReason?: string | undefined;
  /** Inside another card (one adjustment of a trade): a framed box, not a card of its own. */
  isNested?: boolean | undefined;
}

/**
 * One way to decide a pending trade: its fields, then a confirmation dialog that says what
 * happens, since a decision cannot be undone.
 */
export function DecisionPanel<Choice>({
  title,
  variant,
  submitLabel,
  onSubmit,
  children,
  decision,
  isLoading,
  confirmation,
  renderSummary,
  disabledReason,
  isNested = false,
}: DecisionPanelProps<Choice>) {
  const titleId = useId();
  const reasonId = useId();
  const { pending } = decision;
  return (
    <section
      aria-labelledby={titleId}
      className={
        isNested
          ? 'rounded-[12px] border border-line bg-white p-4'
          : 'rounded-[12px] bg-white p-4 md:p-6'
      }
    >
      {isNested ? (
        <h4 id={titleId} className="font-bold text-ink">
          {title}
        </h4>
      ) : (
        <h2 id={titleId} className="text-lg font-bold text-ink">
          {title}
        </h2>
      )}
      <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
        {children}
        {disabledReason && (
          <p id={reasonId} className="text-sm text-slate">
            {disabledReason}
          </p>
        )}
        <Button
          type="submit"
          variant={variant}
          aria-haspopup="dialog"
          disabled={disabledReason !== undefined}
          aria-describedby={disabledReason ? reasonId : undefined}
          className="self-start"
        >
          {submitLabel}
        </Button>
      </form>
      <Modal
        isOpen={pending !== null}
        onClose={() => {
          if (!isLoading) decision.cancel();
        }}
        title={confirmation.title}
        description={confirmation.description}
        size="sm"
      >
        {pending !== null && (
          <>
            {renderSummary(pending)}
            <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={isLoading} onClick={decision.cancel}>
                Go back
              </Button>
              <Button
                variant={variant}
                isLoading={isLoading}
                loadingText={confirmation.loadingText}
                onClick={() => void decision.confirm()}
              >
                {confirmation.label}
              </Button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}
