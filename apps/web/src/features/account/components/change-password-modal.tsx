import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@karta/shared/constants';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Modal } from '../../../components/ui/modal';
import { isStepUpCancelled, useStepUp } from '../../../components/step-up/use-step-up';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { selectUser } from '../../../lib/session/auth-slice';
import { startSession } from '../../../lib/session/session';
import { useUpdatePasswordMutation } from '../api';
import {
  PASSWORD_FORM_FIELDS,
  PasswordFormStep,
  PasswordFormSchema,
  type PasswordForm,
} from './password-form-step';
import { PasswordOtpStep } from './password-otp-step';
import { useRequestOtpMutation } from '../../../lib/user-api';

export interface ChangePasswordModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** docs/product.md §4: passwords first, then the code mailed to the user. Closing forgets everything. */
export function ChangePasswordModal({ isOpen, onClose }: ChangePasswordModalProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Change password">
      <ChangePasswordFlow onDone={onClose} />
    </Modal>
  );
}

function ChangePasswordFlow({ onDone }: { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const email = user?.email ?? '';
  const [step, setStep] = useState<'form' | 'otp'>('form');
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string>();
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const [requestOtp, { isLoading: isSending }] = useRequestOtpMutation();
  const [updatePassword, { isLoading: isUpdating }] = useUpdatePasswordMutation();
  const stepUp = useStepUp();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { password: '', new_password: '', verify_new_password: '' },
  });

  /** Failures are toasted by lib/error-toasts, so only success is told here. */
  const sendCode = async () => {
    try {
      const result = await requestOtp({ email }).unwrap();
      toast.success(result.message);
      setCodeSentAt(Date.now());
      setOtp('');
      setOtpError(undefined);
      return true;
    } catch {
      return false;
    }
  };

  const proceed = form.handleSubmit(async () => {
    // Back from the code step: the code already mailed still works, and the server would
    // refuse a new one within the resend wait.
    const isCodeFresh = codeSentAt !== null && Date.now() - codeSentAt < OTP_TTL_SECONDS * 1000;
    if (isCodeFresh || (await sendCode())) setStep('otp');
  });

  const backToForm = (fieldErrors: Record<string, string> = {}) => {
    flushSync(() => {
      setStep('form');
    });
    const firstField = PASSWORD_FORM_FIELDS.find((field) => fieldErrors[field]) ?? 'password';
    for (const field of PASSWORD_FORM_FIELDS) {
      const message = fieldErrors[field];
      if (message) form.setError(field, { message });
    }
    form.setFocus(firstField);
  };

  const changePassword = async () => {
    if (!user) return;
    try {
      const body = { ...form.getValues(), otp };
      // With two-step sign-in on, the code is asked for in place and the same request sent again
      // (the mailed code is checked after the step-up, so it still works).
      const result = await stepUp.send(() => updatePassword({ userId: user.id, body }).unwrap());
      // The server ended every other session and gave this device a new one.
      startSession(dispatch, { user: result.data, token: result.token });
      toast.success(result.message);
      form.reset();
      onDone();
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      const fieldErrors = getFieldErrors(error);
      const isFormProblem = PASSWORD_FORM_FIELDS.some((field) => fieldErrors[field]);
      if (isFormProblem) backToForm(fieldErrors);
      else setOtpError(fieldErrors.otp);
      if (isFormProblem || fieldErrors.otp) markShownInPlace(error);
    }
  };

  if (step === 'otp' && codeSentAt !== null) {
    return (
      <>
        <PasswordOtpStep
          email={email}
          otp={otp}
          onOtpChange={(value) => {
            setOtp(value);
            setOtpError(undefined);
          }}
          otpError={otpError}
          // Back from the form within the wait: it starts over rather than allow an early resend.
          isResendWaiting={Date.now() - codeSentAt < OTP_RESEND_SECONDS * 1000}
          onResend={sendCode}
          onSubmit={() => void changePassword()}
          isSubmitting={isUpdating}
          onBack={() => {
            backToForm();
          }}
        />
        {stepUp.prompt}
      </>
    );
  }

  return (
    <PasswordFormStep
      form={form}
      onSubmit={(event) => void proceed(event)}
      onCancel={onDone}
      isSending={isSending}
    />
  );
}
