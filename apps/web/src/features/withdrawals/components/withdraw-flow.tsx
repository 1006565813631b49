import { zodResolver } from '@hookform/resolvers/zod';
import { PIN_LENGTH } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import type { User } from '@karta/shared/schemas/users';
import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { markShownInPlace } from '../../../lib/api-error';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { setUser } from '../../../lib/session/auth-slice';
import { useAccountResolution } from '../../../components/bank-account/use-account-resolution';
import { useOpenDashboardModal } from '../../../lib/dashboard-modals';
import { isStepUpCancelled, useStepUp } from '../../../components/step-up/use-step-up';
import { useRequestWithdrawalMutation } from '../api';
import { makeIdempotencyKey } from '../../../lib/idempotency-key';
import {
  EMPTY_WITHDRAW_FORM,
  makeWithdrawFormSchema,
  NEW_ACCOUNT,
  parseAmountKobo,
  type WithdrawFormContext,
  type WithdrawFormValues,
  type WithdrawLimits,
} from '../withdraw-form-schema';
import { buildWithdrawalBody, getDestination } from '../withdraw-request';
import { classifyWithdrawalError } from '../withdrawal-errors';
import { selectWithdrawalDraft, setWithdrawalDetails } from '../withdrawal-slice';
import type { BeneficiaryList } from './destination-field';
import { WithdrawConfirmStep } from './withdraw-confirm-step';
import { WithdrawDoneStep } from './withdraw-done-step';
import { WithdrawFormStep } from './withdraw-form-step';
import { WithdrawPinStep } from './withdraw-pin-step';

type Step = 'form' | 'confirm' | 'pin' | 'done';

const STEP_LABEL: Record<Step, string> = {
  form: 'Step 1 of 3: where and how much',
  confirm: 'Step 2 of 3: check the details',
  pin: 'Step 3 of 3: your PIN',
  done: 'Done',
};

const PIN_PATTERN = new RegExp(`^\\d{${String(PIN_LENGTH)}}$`);

const RETRY_IS_SAFE =
  'Press Withdraw again: it repeats the same request, so the money cannot leave twice.';

interface WithdrawFlowProps {
  user: User;
  limits: WithdrawLimits;
  list: BeneficiaryList;
  /** The wallet and the limits may have moved on when the server refuses an amount. */
  onRefreshLimits: () => void;
}

/**
 * A withdrawal as the FAQ tells it (docs/product.md §1): the account (saved, or a bank and a number whose
 * name appears by itself), the amount, a confirmation screen, then the PIN. Each confirmation
 * gets one Idempotency-Key, kept for every retry from it, so a dropped connection can never pay
 * twice; a new confirmation (Continue again) gets a new one.
 */
export function WithdrawFlow({ user, limits, list, onRefreshLimits }: WithdrawFlowProps) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectWithdrawalDraft);
  const [initialValues] = useState(() => draft ?? EMPTY_WITHDRAW_FORM);
  const [hadDraft] = useState(draft !== null);
  // Read by the resolver at each check: the limits and the account name change after mount.
  const context = useRef<WithdrawFormContext>({ limits, resolution: { status: 'idle' } });
  const form = useForm<WithdrawFormValues>({
    resolver: ((values, _context, options) =>
      zodResolver(makeWithdrawFormSchema(context.current))(
        values,
        undefined,
        options,
      )) as Resolver<WithdrawFormValues>,
    defaultValues: initialValues,
  });
  const destination = form.watch('destination');
  const isNewAccount = destination === NEW_ACCOUNT;
  const resolution = useAccountResolution(
    isNewAccount ? form.watch('bank') : null,
    form.watch('accountNumber'),
  );
  context.current = { limits, resolution };

  const [requestWithdrawal, { isLoading: isSending }] = useRequestWithdrawalMutation();
  const stepUp = useStepUp();
  const [step, setStep] = useState<Step>('form');
  const idempotencyKey = useRef<string | null>(null);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const openDashboardModal = useOpenDashboardModal();
  const pinRef = useRef<HTMLInputElement>(null);
  // One ref per step, as on the trade screen.
  const headingRefs = {
    form: useRef<HTMLHeadingElement>(null),
    confirm: useRef<HTMLHeadingElement>(null),
    pin: useRef<HTMLHeadingElement>(null),
    done: useRef<HTMLHeadingElement>(null),
  };
  const shownStep = useRef(step);
  const fieldToFocus = useRef<keyof WithdrawFormValues | null>(null);

  // The draft has done its job once the form holds it again.
  useEffect(() => {
    if (hadDraft) dispatch(setWithdrawalDetails(null));
  }, [hadDraft, dispatch]);

  // With no saved account, "Another account" is the only choice, and with one saved account it
  // is the likely one: make that choice for the user (who can still change it).
  const isListed = !list.isLoading && !list.isError && list.accounts.length <= 1;
  const onlyChoice = isListed ? (list.accounts[0]?.id ?? NEW_ACCOUNT) : null;
  useEffect(() => {
    if (onlyChoice && !form.getValues('destination')) {
      form.setValue('destination', onlyChoice);
    }
  }, [onlyChoice, step, form]);

  // After a first Continue, the account number's message follows the bank's answer.
  const { isSubmitted } = form.formState;
  useEffect(() => {
    if (isSubmitted && isNewAccount) void form.trigger('accountNumber');
  }, [resolution.status, isSubmitted, isNewAccount, form]);

  // A PIN set from this screen: the PIN field replaces the prompt and takes focus.
  const hadPin = useRef(user.has_pin);
  useEffect(() => {
    if (user.has_pin && !hadPin.current) pinRef.current?.focus();
    hadPin.current = user.has_pin;
  }, [user.has_pin]);

  // A new step's heading (or the field the server named) takes focus in the same frame.
  useLayoutEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const field = fieldToFocus.current;
    fieldToFocus.current = null;
    if (field) form.setFocus(field);
    else headingRefs[step].current?.focus();
  }, [step, form]);

  const proceed = form.handleSubmit(() => {
    idempotencyKey.current = makeIdempotencyKey();
    setPin('');
    setPinError(null);
    setProblem(null);
    setStep('confirm');
  });

  const submit = async () => {
    const key = idempotencyKey.current;
    if (!key) return;
    if (!PIN_PATTERN.test(pin)) {
      setPinError(pin ? MESSAGES.PIN_INVALID : MESSAGES.PIN_REQUIRED);
      pinRef.current?.focus();
      return;
    }
    setPinError(null);
    setProblem(null);
    // Built once: a re-send after the code (two-step sign-in, decision 061) is this same request,
    // with the same Idempotency-Key, so it can never pay twice.
    const args = {
      userId: user.id,
      idempotencyKey: key,
      body: buildWithdrawalBody(form.getValues(), pin),
    };
    try {
      const withdrawal = await stepUp.send(() => requestWithdrawal(args).unwrap());
      idempotencyKey.current = null;
      setPin('');
      setDone(withdrawal);
      form.reset(EMPTY_WITHDRAW_FORM);
      setStep('done');
    } catch (error) {
      // The code prompt was closed: nothing was sent, and the PIN step stays as it was.
      if (isStepUpCancelled(error)) return;
      // Each failure is said once (docs/product.md §8): in place where it can be acted on, and the
      // BVN one by the toast, since this screen makes way for the BVN check.
      const failure = classifyWithdrawalError(error);
      if (failure.kind !== 'bvn') markShownInPlace(error);
      if (failure.kind === 'bvn') {
        // The server knows better than our copy of the profile: keep the form, verify, return.
        dispatch(setWithdrawalDetails(form.getValues()));
        dispatch(setUser({ ...user, kyc_verified: false }));
      } else if (failure.kind === 'locked') {
        setPin('');
        setLockMessage(failure.message);
      } else if (failure.kind === 'pin') {
        setPin('');
        setPinError(failure.message);
        pinRef.current?.focus();
      } else if (failure.kind === 'fields') {
        const entries = Object.entries(failure.fields) as [keyof WithdrawFormValues, string][];
        for (const [field, message] of entries) form.setError(field, { message });
        fieldToFocus.current = entries[0]?.[0] ?? null;
        onRefreshLimits();
        setStep('form');
      } else {
        setProblem(
          failure.isUnknownOutcome ? `${failure.message} ${RETRY_IS_SAFE}` : failure.message,
        );
      }
    }
  };

  const values = form.getValues();
  const target = getDestination(values, list.accounts, resolution);
  const amountKobo = parseAmountKobo(values.amount) ?? 0;
  // A saved account deleted meanwhile (another tab): nothing to confirm, so back to the form.
  const isTargetGone = (step === 'confirm' || step === 'pin') && !target;
  useEffect(() => {
    if (isTargetGone) setStep('form');
  }, [isTargetGone]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Withdraw to your bank</h1>
        <p className="mt-1 text-slate">{STEP_LABEL[step]}</p>
      </div>
      <div className="rounded-[12px] bg-white p-4 shadow-sm md:p-8">
        {step === 'form' && (
          <WithdrawFormStep
            form={form}
            list={list}
            limits={limits}
            resolution={resolution}
            headingRef={headingRefs.form}
            onContinue={() => void proceed()}
          />
        )}
        {step === 'confirm' && target && (
          <WithdrawConfirmStep
            destination={target}
            amountKobo={amountKobo}
            feeKobo={limits.feeKobo}
            isSavingAccount={isNewAccount && values.addAsBeneficiary}
            headingRef={headingRefs.confirm}
            onBack={() => {
              setStep('form');
            }}
            onConfirm={() => {
              setStep('pin');
            }}
          />
        )}
        {step === 'pin' && target && (
          <WithdrawPinStep
            destination={target}
            amountKobo={amountKobo}
            hasPin={user.has_pin}
            pin={pin}
            onPinChange={(next) => {
              setPin(next);
              setPinError(null);
            }}
            pinError={pinError}
            lockMessage={lockMessage}
            problem={problem}
            isSending={isSending}
            headingRef={headingRefs.pin}
            pinRef={pinRef}
            onBack={() => {
              setPin('');
              setPinError(null);
              setProblem(null);
              setStep('confirm');
            }}
            onSubmit={() => void submit()}
            onSetPin={() => {
              openDashboardModal('changePin');
            }}
          />
        )}
        {step === 'done' && done && (
          <WithdrawDoneStep
            withdrawal={done}
            headingRef={headingRefs.done}
            onWithdrawAgain={() => {
              setDone(null);
              setStep('form');
            }}
          />
        )}
      </div>
      {stepUp.prompt}
    </div>
  );
}
