import { Controller, type UseFormReturn } from 'react-hook-form';
import { PHONE_PREFIX } from '@karta/shared/constants';
import type { RegisterForm, RegisterFormValues } from '@karta/shared/schemas/register-form';
import { NameFields } from '../../../components/ui/name-fields';
import { TextInput } from '../../../components/ui/text-input';
import { toNationalPhoneDigits } from '../phone-digits';
import { DatePicker } from './date-picker';
import { EmailField } from './email-field';
import { GenderSelect } from './gender-select';
import { PasswordField } from './password-field';

interface RegisterFieldsProps {
  form: UseFormReturn<RegisterFormValues, unknown, RegisterForm>;
}

/** The register form's inputs, two to a row from tablet width, one per row on phones. */
export function RegisterFields({ form }: RegisterFieldsProps) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <NameFields register={register} errors={errors} isOwnName />
      <EmailField error={errors.email?.message} {...register('email')} />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <TextInput
            label="Phone number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            prefix={PHONE_PREFIX}
            placeholder="80xxxxxxxx"
            hint="The 0 at the start is not needed: 0803 123 4567 is 803 123 4567."
            error={errors.phone?.message}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => {
              field.onChange(toNationalPhoneDigits(event.target.value));
            }}
          />
        )}
      />
      <GenderSelect label="Gender" error={errors.gender?.message} {...register('gender')} />
      <Controller
        control={control}
        name="date_of_birth"
        render={({ field }) => (
          <DatePicker
            label="Date of birth"
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.date_of_birth?.message}
          />
        )}
      />
      <PasswordField
        autoComplete="new-password"
        error={errors.password?.message}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character such as !#$."
        {...register('password', {
          // A confirmation typed for an older password would confirm nothing (docs/product.md §2).
          onChange: () => {
            setValue('verify_password', '');
          },
        })}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.verify_password?.message}
        {...register('verify_password')}
      />
      <TextInput
        label="Referral code (optional)"
        autoComplete="off"
        autoCapitalize="characters"
        error={errors.referral_code?.message}
        className="sm:col-span-2"
        {...register('referral_code')}
      />
    </div>
  );
}
