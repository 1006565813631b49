import { zodResolver } from '@hookform/resolvers/zod';
import { BVN_DIGITS } from '@karta/shared/constants';
import { VerifyKycInputSchema, type VerifyKycInput } from '@karta/shared/schemas/finance';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { paths } from '../../../config/paths';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { selectUser, setUser } from '../../../lib/session/auth-slice';
import { useVerifyKycMutation } from '../api';
import { getReturnPath } from '../return-path';
import { useLazyCurrentUserQuery } from '../../../lib/user-api';

/**
 * BVN check before the first withdrawal (CBN KYC rules). It says why we ask and what we keep
 * before asking, because a BVN request is exactly what scammers send too.
 */
export function VerifyBvnPage() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = getReturnPath(location.state as unknown);
  const [verifyKyc, { isLoading }] = useVerifyKycMutation();
  const [fetchCurrentUser, { isFetching: isRefreshing }] = useLazyCurrentUserQuery();
  const form = useForm<VerifyKycInput>({
    resolver: zodResolver(VerifyKycInputSchema),
    defaultValues: { bvn: '' },
  });

  const submit = form.handleSubmit(async (body) => {
    if (!user) return;
    try {
      const result = await verifyKyc({ userId: user.id, body }).unwrap();
      toast.success(`Your BVN ending ${result.bvn_last4} is verified.`);
      // The profile is read again so kyc_verified matches the server; if that read fails,
      // the answer of the check itself stands in.
      const profile = await fetchCurrentUser(undefined, false)
        .unwrap()
        .then((envelope) => envelope.data)
        .catch(() => ({ ...user, kyc_verified: result.kyc_verified }));
      dispatch(setUser(profile));
      void navigate(returnPath, { replace: true });
    } catch (error) {
      // The toast has spoken (docs/product.md §8); the field shows the same words where the user looks.
      const message = getFieldErrors(error).bvn;
      if (message) {
        form.setError('bvn', { message }, { shouldFocus: true });
        markShownInPlace(error);
      }
    }
  });

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Verify your BVN</h1>
        <p className="mt-1 text-slate">Once, before your first withdrawal.</p>
      </div>
      <section
        aria-labelledby="bvn-why-title"
        className="rounded-[12px] border border-line bg-white p-4 md:p-6"
      >
        <h2 id="bvn-why-title" className="text-lg font-bold text-ink">
          Why we ask
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-slate">
          <li>
            CBN rules say we must know who receives money from Karta. Your Bank Verification Number
            (BVN) confirms that your name and date of birth match your bank&apos;s records.
          </li>
          <li>
            We keep only a one-way hash of your BVN and its last 4 digits. We never see your bank
            balance, and nobody can move money with your BVN.
          </li>
          <li>
            Karta will never ask for your BVN by phone, e-mail or WhatsApp: only on this page.
          </li>
          <li>
            Do not know it? Dial <span className="font-semibold text-ink">*565*0#</span> from the
            phone number registered with your bank.
          </li>
        </ul>
      </section>
      {user?.kyc_verified ? (
        <section className="flex flex-col items-start gap-3 rounded-[12px] bg-approved-bg p-4 md:p-6">
          <p className="font-semibold text-approved">Your BVN is already verified.</p>
          <Link
            to={returnPath}
            className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
          >
            Continue
          </Link>
        </section>
      ) : (
        <form
          noValidate
          aria-label="Verify your BVN"
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-6"
        >
          <Controller
            control={form.control}
            name="bvn"
            render={({ field, fieldState }) => (
              <DigitsInput
                ref={field.ref}
                name={field.name}
                label="BVN"
                value={field.value}
                onChange={field.onChange}
                maxLength={BVN_DIGITS}
                autoComplete="off"
                hint={`${String(BVN_DIGITS)} digits`}
                error={fieldState.error?.message}
              />
            )}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link
              // Not back to the withdraw screen: it would only send the user here again.
              to={paths.dashboard.overview.getHref()}
              className="inline-flex min-h-11 items-center justify-center rounded-[12px] px-5 font-semibold text-brand hover:bg-brand/10"
            >
              Not now
            </Link>
            <Button type="submit" isLoading={isLoading || isRefreshing} loadingText="Verifying...">
              Verify BVN
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
