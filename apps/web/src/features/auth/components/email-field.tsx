import type { ComponentProps } from 'react';
import { TextInput } from '../../../components/ui/text-input';

type EmailFieldProps = Omit<ComponentProps<typeof TextInput>, 'label' | 'type' | 'autoComplete'> & {
  /** Sign-in: the e-mail is the username, and the browser may offer passkeys in its autofill. */
  isSignIn?: boolean;
};

/** The Email field every auth form starts with; pass it `register('email')` and its error. */
export function EmailField({ isSignIn = false, ...props }: EmailFieldProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete={isSignIn ? 'username webauthn' : 'email'}
      {...props}
    />
  );
}
