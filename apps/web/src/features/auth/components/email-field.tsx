import type { ComponentProps } from 'react';
import { TextInput } from '../../../components/ui/text-input';

type EmailFieldProps = Omit<ComponentProps<typeof TextInput>, 'label' | 'type' | 'autoComplete'>;

/** The Email field every auth form starts with; pass it `register('email')` and its error. */
export function EmailField(props: EmailFieldProps) {
  return <TextInput label="Email" type="email" autoComplete="email" {...props} />;
}
