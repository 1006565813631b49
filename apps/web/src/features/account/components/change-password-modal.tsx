import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { OTP_TTL_SECONDS } from '@karta/shared/constants';
import { confirmMatches } from '@karta/shared/schemas/fields';
import { UpdatePasswordInputSchema } from '@karta/shared/schemas/users';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors } from '../../../lib/api-error';
import { useRequestOtpMutation } from '../../auth/api';
import { selectUser } from '../../auth/auth-slice';
import { startSession } from '../../auth/session';
import { useUpdatePasswordMutation } from '../api';
import { PasswordOtpStep } from './password-otp-step';

export interface ChangePasswordModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The form step: the shared request schema without the code, which the next step collects. */
const PasswordFormSchema = z
  .object(UpdatePasswordInputSchema.shape)
  .omit({ otp: true })
  .superRefine(confirmMatches('new_password', 'verify_new_password'));
type PasswordForm = z.infer<typeof PasswordFormSchema>;
const FORM_FIELDS = ['password', 'new_password', 'verify_new_password'] as const;

/** Spec §4: passwords first, then the code mailed to the user. Closing forgets everything. */
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
  const form = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { password: '', new_password: '', verify_new_password: '' },
  });
  const { errors } = form.formState;

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
    const firstField = FORM_FIELDS.find((field) => fieldErrors[field]) ?? 'password';
    for (const field of FORM_FIELDS) {
      const message = fieldErrors[field];
      if (message) form.setError(field, { message });
    }
    form.setFocus(firstField);
  };

  const changePassword = async () => {
    if (!user) return;
    try {
      const body = { ...form.getValues(), otp };
      const result = await updatePassword({ userId: user.id, body }).unwrap();
      // The server ended every other session and gave this device a new one.
      startSession(dispatch, { user: result.data, token: result.token });
      toast.success(result.message);
      form.reset();
      onDone();
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      if (FORM_FIELDS.some((field) => fieldErrors[field])) backToForm(fieldErrors);
      else setOtpError(fieldErrors.otp);
    }
  };

  if (step === 'otp' && codeSentAt !== null) {
    return (
      <PasswordOtpStep
        email={email}
        otp={otp}
        onOtpChange={(value) => {
          setOtp(value);
          setOtpError(undefined);
        }}
        otpError={otpError}
        codeSentAt={codeSentAt}
        onResend={() => void sendCode()}
        isResending={isSending}
        onSubmit={() => void changePassword()}
        isSubmitting={isUpdating}
        onBack={() => {
          backToForm();
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void proceed(event)} className="flex flex-col gap-4">
      <p className="text-sm text-slate">
        After you press Proceed we e-mail you a 6-digit code to confirm it is you. Changing your
        password signs you out on every other device.
      </p>
      <TextInput
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextInput
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password?.message}
        {...form.register('new_password')}
      />
      <TextInput
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.verify_new_password?.message}
        {...form.register('verify_new_password')}
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSending} loadingText="Sending code...">
          Proceed
        </Button>
      </div>
    </form>
  );
}
