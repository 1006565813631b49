import type {
  ConfirmAccountInput,
  ForgotPasswordInput,
  LoginInput,
  ReactivateInput,
  RegisterInput,
  ResetPasswordInput,
} from '@karta/shared/schemas/auth';
import type { TwoFactorChallenge, TwoFactorSignInInput } from '@karta/shared/schemas/two-factor';
import type { User } from '@karta/shared/schemas/users';
import { baseApi, type Envelope, type SessionEnvelope } from '../../lib/base-api';

/** docs/product.md §7: registration, confirmation, sign-in, reactivation and password reset. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Envelope<User>, RegisterInput>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    confirmAccount: build.mutation<Envelope<User>, ConfirmAccountInput>({
      query: (body) => ({ url: '/auth/account_otp_verification', method: 'POST', body }),
    }),
    /** A session, or for an account with two-step sign-in the challenge a code answers. */
    login: build.mutation<SessionEnvelope<User> | Envelope<TwoFactorChallenge>, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    /**
     * The sign-in's second step (decisions 061, 062): the challenge and one code or a passkey's
     * answer (the browser's own JSON, checked by the server), then the session.
     */
    loginTwoFactor: build.mutation<
      SessionEnvelope<User>,
      Omit<TwoFactorSignInInput, 'passkey'> & { passkey?: unknown }
    >({
      query: (body) => ({ url: '/auth/login/two_factor', method: 'POST', body }),
    }),
    /** Passkey sign-in (decision 062): a challenge, then the browser's signed answer to it. */
    passkeySignInOptions: build.mutation<
      Envelope<{ challenge_id: string; options: Record<string, unknown> }>,
      void
    >({
      query: () => ({ url: '/auth/passkey/options', method: 'POST', body: {} }),
    }),
    passkeySignIn: build.mutation<
      SessionEnvelope<User>,
      { challenge_id: string; response: unknown }
    >({ query: (body) => ({ url: '/auth/passkey/login', method: 'POST', body }) }),
    reactivateAccount: build.mutation<Envelope<User>, ReactivateInput>({
      query: (body) => ({ url: '/user/reactivate_account', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<Envelope<null>, ForgotPasswordInput>({
      query: (body) => ({ url: '/auth/forgot_password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Envelope<null>, ResetPasswordInput>({
      query: (body) => ({ url: '/auth/reset_password', method: 'POST', body }),
    }),
    /** A staff invitation: the same fields as a reset, the invitation's code. */
    acceptInvitation: build.mutation<Envelope<null>, ResetPasswordInput>({
      query: (body) => ({ url: '/auth/accept_invitation', method: 'POST', body }),
    }),
  }),
});

export const {
  useConfirmAccountMutation,
  useReactivateAccountMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useAcceptInvitationMutation,
} = authApi;
