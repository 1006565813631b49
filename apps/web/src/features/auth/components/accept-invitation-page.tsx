import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useAcceptInvitationMutation } from '../api';
import { AuthTextLink } from './auth-text-link';
import { CodePasswordForm } from './code-password-form';

/**
 * The invitation mail's link carries the address after `#`, which no server or log sees; the
 * code is typed from the mail (decision 027).
 */
const emailFromHash = (hash: string) =>
  new URLSearchParams(hash.replace(/^#/, '')).get('email') ?? '';

/** A new operator sets their password with the invitation code, then signs in. */
export function AcceptInvitationPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [acceptInvitation, { isLoading }] = useAcceptInvitationMutation();

  return (
    <AuthLayout
      title="Join the Karta console"
      intro="Enter the 6-digit code from your invitation e-mail and choose your password. If the code has expired, ask your admin to send a new invitation."
      footer={
        <>
          Already set your password? <AuthTextLink to={paths.login.getHref()}>Log in</AuthTextLink>
        </>
      }
    >
      <CodePasswordForm
        defaultEmail={emailFromHash(location.hash)}
        codeLabel="Invitation code"
        submitLabel="Set password"
        loadingText="Saving..."
        isLoading={isLoading}
        onSubmit={async (values) => {
          const result = await acceptInvitation(values).unwrap();
          toast.success(result.message);
          void navigate(paths.login.getHref(), { state: { email: values.email } });
        }}
      />
    </AuthLayout>
  );
}
