import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { TextInput } from './text-input';

interface PersonName {
  first_name: string;
  last_name: string;
}

interface NameFieldsProps {
  /** The form's `register`: any form with these two fields, whatever else it holds. */
  register: (name: keyof PersonName) => UseFormRegisterReturn;
  errors: FieldErrors<PersonName>;
  /**
   * The person typing their own name lets the browser fill it in; a name typed for someone else
   * (an invited operator) must not be filled with the admin's own.
   */
  isOwnName: boolean;
}

/** First and last name, side by side in the form's grid: one field each, with its error. */
export function NameFields({ register, errors, isOwnName }: NameFieldsProps) {
  return (
    <>
      <TextInput
        label="First name"
        autoComplete={isOwnName ? 'given-name' : 'off'}
        error={errors.first_name?.message}
        {...register('first_name')}
      />
      <TextInput
        label="Last name"
        autoComplete={isOwnName ? 'family-name' : 'off'}
        error={errors.last_name?.message}
        {...register('last_name')}
      />
    </>
  );
}
