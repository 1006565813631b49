import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { PHONE_PREFIX } from '@karta/shared/constants';
import type { RegisterForm, RegisterFormValues } from '@karta/shared/schemas/register-form';
import { useAppDispatch } from '../../../lib/store/hooks';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import type { RegisterInput } from '@karta/shared/schemas/auth';
import type { AppDispatch } from '../../../lib/store/store-extra';
import { lazyMutation, useLazyMutation } from '../../../lib/lazy-mutation';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { setVerifyData } from '../../../lib/session/auth-slice';
import { AuthTextLink } from './auth-text-link';
import { RegisterFields } from './register-fields';

const validation = lazyResolver(() => import('./form-resolvers').then((m) => m.registerResolver));
const registerCall = lazyMutation(() =>
  import('../api').then(
    ({ authApi }) =>
      (dispatch: AppDispatch, body: RegisterInput) =>
        dispatch(authApi.endpoints.register.initiate(body)).unwrap(),
  ),
);
const preload = () => {
  validation.preload();
  registerCall.preload();
};

/** The API names the phone `mobile_number`; the form holds only its ten digits as `phone`. */
const FORM_FIELD_OF: Record<string, keyof RegisterFormValues> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  mobile_number: 'phone',
  gender: 'gender',
  date_of_birth: 'date_of_birth',
  password: 'password',
  verify_password: 'verify_password',
  referral_code: 'referral_code',
};

/** Register an account (docs/product.md §2, §4, §5): on success the code step takes over. */
export function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [registerAccount, { isLoading }] = useLazyMutation(registerCall);
  const form = useForm<RegisterFormValues, unknown, RegisterForm>({
    resolver: validation.resolver,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      gender: '',
      date_of_birth: '',
      password: '',
      verify_password: '',
      // A friend's register link carries their code (the Rewards modal builds it).
      referral_code: searchParams.get('code') ?? '',
    },
  });

  const onSubmit = form.handleSubmit(async ({ phone, referral_code, ...values }) => {
    try {
      const result = await registerAccount({
        ...values,
        mobile_number: `${PHONE_PREFIX}${phone}`,
        referral_code: referral_code ?? null,
      });
      toast.success(result.message);
      dispatch(setVerifyData({ email: values.email, password: values.password }));
      void navigate(paths.confirmAccount.getHref());
    } catch (error) {
      // The toast comes from lib/error-toasts; the field it is about is marked here too.
      for (const [field, message] of Object.entries(getFieldErrors(error))) {
        const formField = FORM_FIELD_OF[field];
        if (formField) {
          form.setError(formField, { type: 'server', message }, { shouldFocus: true });
          markShownInPlace(error);
        }
      }
    }
  });

  return (
    <AuthLayout
      title="Register an account"
      intro="It takes two minutes. You must be 18 or older."
      width="wide"
      footer={
        <>
          Already have an account? <AuthTextLink to={paths.login.getHref()}>Log in</AuthTextLink>
        </>
      }
    >
      <form
        // Even with no script at all, never a GET: the fields would be in the address (decision 074).
        method="post"
        noValidate
        onFocus={preload}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-6"
      >
        <RegisterFields form={form} />
        <Button
          type="submit"
          fullWidth
          // From the press on, the lazily loaded validation included (decision 074).
          isLoading={isLoading || form.formState.isSubmitting}
          loadingText="Registering..."
        >
          Create Account
        </Button>
      </form>
    </AuthLayout>
  );
}
