import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { PIN_LENGTH } from '@karta/shared/constants';
import { UpdatePinInputSchema, type UpdatePinInput } from '@karta/shared/schemas/users';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { Modal } from '../../../components/ui/modal';
import { isStepUpCancelled, useStepUp } from '../../../components/step-up/use-step-up';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { selectUser, setUser } from '../../../lib/session/auth-slice';
import { useUpdatePinMutation } from '../api';
import { useLazyCurrentUserQuery } from '../../../lib/user-api';

export interface ChangePinModalProps {
  isOpen: boolean;
  onClose: () => void;
}

const PIN_FIELDS = ['password', 'pin', 'verify_pin'] as const;

/** docs/product.md §4: sets the 4-digit withdrawal PIN, or changes it, with the account password. */
export function ChangePinModal({ isOpen, onClose }: ChangePinModalProps) {
  const hasPin = useAppSelector(selectUser)?.has_pin ?? false;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={hasPin ? 'Change PIN' : 'Set your PIN'}
      description="Your 4-digit PIN confirms every withdrawal from your Karta balance."
    >
      <ChangePinForm hasPin={hasPin} onDone={onClose} />
    </Modal>
  );
}

function ChangePinForm({ hasPin, onDone }: { hasPin: boolean; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [updatePin, { isLoading: isUpdating }] = useUpdatePinMutation();
  const stepUp = useStepUp();
  const [fetchCurrentUser, { isFetching: isRefreshing }] = useLazyCurrentUserQuery();
  const form = useForm<UpdatePinInput>({
    resolver: zodResolver(UpdatePinInputSchema),
    defaultValues: { password: '', pin: '', verify_pin: '' },
  });
  const { errors } = form.formState;

  const save = form.handleSubmit(async (body) => {
    if (!user) return;
    try {
      // With two-step sign-in on, the code is asked for in place and the same request sent again.
      const result = await stepUp.send(() => updatePin({ userId: user.id, body }).unwrap());
      toast.success(result.message);
      // The profile is read again so has_pin and the rest match the server (docs/product.md §4); the
      // answer of the update itself stands in if that read fails.
      const profile = await fetchCurrentUser(undefined, false)
        .unwrap()
        .catch(() => result);
      dispatch(setUser(profile.data));
      onDone();
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      // Failures are toasted by lib/error-toasts; the field they concern is marked here.
      const fieldErrors = getFieldErrors(error);
      for (const field of PIN_FIELDS) {
        const message = fieldErrors[field];
        if (message) {
          form.setError(field, { message }, { shouldFocus: true });
          markShownInPlace(error);
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-4">
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Controller
        control={form.control}
        name="pin"
        render={({ field }) => (
          <DigitsInput
            ref={field.ref}
            name={field.name}
            label={hasPin ? 'New PIN' : 'PIN'}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              // A confirmation of an older PIN confirms nothing (docs/product.md §4).
              form.setValue('verify_pin', '');
            }}
            maxLength={PIN_LENGTH}
            isMasked
            autoComplete="off"
            error={errors.pin?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="verify_pin"
        render={({ field }) => (
          <DigitsInput
            ref={field.ref}
            name={field.name}
            label="Confirm PIN"
            value={field.value}
            onChange={field.onChange}
            maxLength={PIN_LENGTH}
            isMasked
            autoComplete="off"
            error={errors.verify_pin?.message}
          />
        )}
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isUpdating || isRefreshing} loadingText="Saving...">
          {hasPin ? 'Change PIN' : 'Set PIN'}
        </Button>
      </div>
      {stepUp.prompt}
    </form>
  );
}
