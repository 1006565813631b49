import type { ComponentProps } from 'react';
import { TextInput } from '../../../components/ui/text-input';

type PasswordFieldProps = Omit<
  ComponentProps<typeof TextInput>,
  'label' | 'type' | 'autoComplete'
> & {
  label?: string;
  /** "new-password" where one is chosen, so password managers offer to generate and save it. */
  autoComplete?: 'current-password' | 'new-password';
};

/** A password field with its show/hide toggle; by default the account's current password. */
export function PasswordField({
  label = 'Password',
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  return <TextInput label={label} type="password" autoComplete={autoComplete} {...props} />;
}
