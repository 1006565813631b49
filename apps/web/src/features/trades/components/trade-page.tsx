import { zodResolver } from '@hookform/resolvers/zod';
import type { Trade } from '@karta/shared/schemas/trades';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { getErrorMessage, getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { useAddTradeMutation } from '../api';
import { EMPTY_TRADE_FORM, TradeFormSchema, type TradeFormValues } from '../trade-form-schema';
import { TradeCreatedStep } from './trade-created-step';
import { LeaveTradeDialog } from './leave-trade-dialog';
import { TradeFormStep } from './trade-form-step';
import { TradeSummaryStep } from './trade-summary-step';

type Step = 'form' | 'summary' | 'created';

/** The summary is a history entry of its own (this state on the same address): Back leaves it. */
const SUMMARY_ENTRY = { tradeStep: 'summary' } as const;
const isSummaryEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && 'tradeStep' in state;

/** The API's field names (packages/shared AddTradeFieldsSchema) and the form's. */
const SERVER_FIELDS = {
  subcategory_id: 'subcategory',
  amount: 'amount',
  comment: 'comment',
  images: 'photos',
} as const satisfies Record<string, keyof TradeFormValues>;

const STEP_LABEL: Record<Step, string> = {
  form: 'Step 1 of 2: your card',
  summary: 'Step 2 of 2: check and create',
  created: 'Done',
};

/**
 * Selling a gift card on the web, as the app's how-to tells it (docs/product.md §1): the card and its
 * amount, an optional comment, photos, Proceed to a summary, then Create trade, with the
 * upload's progress, and the new trade's reference at the end.
 */
export function TradePage() {
  const form = useForm<TradeFormValues>({
    resolver: zodResolver(TradeFormSchema),
    defaultValues: EMPTY_TRADE_FORM,
  });
  const [addTrade] = useAddTradeMutation();
  const [isCreated, setIsCreated] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<Trade | null>(null);
  // One ref per step: each step's heading has its own, so the focus effect below reads the
  // heading of the step it names.
  const headingRefs = {
    form: useRef<HTMLHeadingElement>(null),
    summary: useRef<HTMLHeadingElement>(null),
    created: useRef<HTMLHeadingElement>(null),
  };
  const location = useLocation();
  const navigate = useNavigate();
  // The summary is shown while its history entry is current, so the browser's Back (or ours)
  // returns to the form with everything kept. A reload there has lost the form: the form again.
  const onSummaryEntry = isSummaryEntry(location.state) && form.getValues('subcategory') !== null;
  const step: Step = isCreated ? 'created' : onSummaryEntry ? 'summary' : 'form';
  const backToForm = () => {
    if (onSummaryEntry) void navigate(-1);
  };
  // Photos cannot be kept for the seller: leaving the screen with some, before the trade is
  // created, asks first. Moving between the steps (same address) never does.
  const isUnsaved = form.watch('photos').length > 0 && step !== 'created';
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isUnsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  // Closing or reloading the tab: the browser's own question.
  useEffect(() => {
    if (!isUnsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
    };
  }, [isUnsaved]);
  const shownStep = useRef(step);
  /** A field the server found a problem with: it gets focus when the form shows again. */
  const fieldToFocus = useRef<keyof TradeFormValues | null>(null);

  // A new step's heading takes focus, so screen readers and keyboards start from its top. A
  // layout effect: focus moves in the same frame the step appears, not a frame later.
  useLayoutEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const field = fieldToFocus.current;
    fieldToFocus.current = null;
    if (field) form.setFocus(field);
    else headingRefs[step].current?.focus();
  }, [step, form]);

  const proceed = form.handleSubmit(() => {
    setProblem(null);
    void navigate(location.pathname, { state: SUMMARY_ENTRY });
  });

  const create = async () => {
    const { subcategory, amount, comment, photos, ifNoAnswer } = form.getValues();
    if (!subcategory) return;
    setProblem(null);
    setProgress(0);
    try {
      const trade = await addTrade({
        subcategoryId: subcategory.id,
        amount: Number(amount),
        comment,
        ifNoAnswer,
        images: photos.map((photo) => photo.file),
        onProgress: (fraction) => {
          setProgress(fraction * 100);
        },
      }).unwrap();
      setCreated(trade);
      form.reset(EMPTY_TRADE_FORM);
      setIsCreated(true);
      // The summary's entry becomes the result's: Back from here leaves the trade screen.
      void navigate(location.pathname, { replace: true, state: null });
    } catch (error) {
      // A field the form knows gets the message (said there only, decision 035); the rest is
      // shown on the summary.
      const fieldErrors = getFieldErrors(error);
      const known = Object.entries(SERVER_FIELDS).filter(([apiField]) => fieldErrors[apiField]);
      if (known.length > 0) {
        for (const [apiField, formField] of known) {
          form.setError(formField, { message: fieldErrors[apiField] });
        }
        markShownInPlace(error);
        fieldToFocus.current = known[0]?.[1] ?? null;
        backToForm();
      } else {
        setProblem(getErrorMessage(error));
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Trade a gift card</h1>
        <p className="mt-1 text-slate">{STEP_LABEL[step]}</p>
      </div>
      <div className="rounded-[12px] bg-white p-4 shadow-sm md:p-8">
        {step === 'form' && (
          <TradeFormStep
            form={form}
            headingRef={headingRefs.form}
            onProceed={() => void proceed()}
          />
        )}
        {step === 'summary' && (
          <TradeSummaryStep
            values={form.getValues()}
            headingRef={headingRefs.summary}
            progress={progress}
            problem={problem}
            onBack={() => {
              setProblem(null);
              backToForm();
            }}
            onCreate={() => void create()}
          />
        )}
        {step === 'created' && created && (
          <TradeCreatedStep
            trade={created}
            headingRef={headingRefs.created}
            onTradeAgain={() => {
              setCreated(null);
              setIsCreated(false);
            }}
          />
        )}
      </div>
      <LeaveTradeDialog blocker={blocker} />
    </div>
  );
}
