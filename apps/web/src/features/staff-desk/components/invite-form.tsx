import { zodResolver } from '@hookform/resolvers/zod';
import {
  InviteStaffInputSchema,
  STAFF_INVITATION_HOURS,
  type InviteStaffInput,
} from '@karta/shared/schemas/staff-desk';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { NameFields } from '../../../components/ui/name-fields';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useInviteStaffMutation } from '../api';

const FIELDS = ['email', 'first_name', 'last_name'] as const;
const isFormField = (field: string): field is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(field);

/**
 * Invites a new operator: the API makes the account and mails a code to set the password. The
 * server's field messages land under the fields (an address already in use, for one).
 */
export function InviteForm() {
  const [invite, { isLoading }] = useInviteStaffMutation();
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteStaffInput>({
    resolver: zodResolver(InviteStaffInputSchema),
    defaultValues: { email: '', first_name: '', last_name: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite(values).unwrap();
      toast.success(`Invitation sent to ${values.email}.`);
      reset();
    } catch (error) {
      for (const [field, message] of Object.entries(getFieldErrors(error))) {
        if (isFormField(field)) {
          setError(field, { type: 'server', message });
          markShownInPlace(error);
        }
      }
    }
  });

  return (
    <section aria-labelledby="invite-heading" className="rounded-[12px] bg-white p-4 md:p-6">
      <h2 id="invite-heading" className="text-lg font-bold text-ink">
        Invite an operator
      </h2>
      <p className="mt-1 text-sm text-slate">
        We e-mail them a code to set their password. It works for {STAFF_INVITATION_HOURS} hours.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 grid gap-4 md:grid-cols-3"
      >
        <NameFields register={register} errors={errors} isOwnName={false} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="md:col-span-3">
          <Button type="submit" isLoading={isLoading} loadingText="Sending...">
            Send invitation
          </Button>
        </div>
      </form>
    </section>
  );
}
