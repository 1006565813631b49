import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ForgotPasswordInputSchema,
  LoginInputSchema,
  ReactivateInputSchema,
  ResetPasswordInputSchema,
} from '@karta/shared/schemas/auth';
import { registerFormSchema } from '@karta/shared/schemas/register-form';

/**
 * The guest forms' validation: the shared schemas as react-hook-form resolvers. The pages load
 * this module when it is first needed (lib/lazy-resolver.ts), never with the page itself: it
 * brings zod along.
 */
const LoginFormSchema = LoginInputSchema.pick({ email: true, password: true });
export type LoginFormValues = z.input<typeof LoginFormSchema>;

export const loginResolver = zodResolver(LoginFormSchema);
// The age rule reads the clock at each validation: the browser's is the real one.
export const registerResolver = zodResolver(registerFormSchema({ now: () => new Date() }));
export const reactivateResolver = zodResolver(ReactivateInputSchema);
export const forgotPasswordResolver = zodResolver(ForgotPasswordInputSchema);
export const resetPasswordResolver = zodResolver(ResetPasswordInputSchema);
