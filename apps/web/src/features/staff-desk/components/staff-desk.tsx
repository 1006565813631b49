import type { StaffMember } from '@karta/shared/schemas/staff-desk';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import { useActOnStaffMutation, useGetStaffQuery, type StaffAction } from '../api';
import { InviteForm } from './invite-form';
import { StaffActionDialog } from './staff-action-dialog';
import { StaffRow } from './staff-row';

/** Operators reach the address too (a bookmark, a shared link): say why there is nothing here. */
function AdminsOnly() {
  return (
    <EmptyState title="Only admins manage staff">
      <p className="mt-2 text-slate">
        Ask an admin if someone needs to join the console or change role.
      </p>
    </EmptyState>
  );
}

/**
 * With one admin, nobody can confirm the invitations that admin sends (decision 049), so the
 * people invited cannot confirm large credits: say so, and how a second admin is made.
 */
function OnlyAdminNote() {
  return (
    <div role="note" className="rounded-[12px] bg-pending-bg p-4 text-sm text-ink">
      <p className="font-semibold">You are the only admin.</p>
      <p className="mt-1">
        An invited operator cannot be anyone’s second pair of eyes until a second admin confirms the
        invitation, so large credits cannot be confirmed until a second admin exists. A second admin
        is made on the server:
      </p>
      <code className="mt-2 block rounded-[8px] bg-white px-2 py-1 break-words">
        npm run create-admin -- --email their.address@example.com
      </code>
    </div>
  );
}

function StaffList() {
  const me = useAppSelector(selectUser);
  const { data, isLoading, isError, isFetching, refetch } = useGetStaffQuery(undefined);
  const [resend, { isLoading: isResending, originalArgs }] = useActOnStaffMutation();
  const [pending, setPending] = useState<{ member: StaffMember; action: StaffAction } | null>(null);

  const onAction = (member: StaffMember, action: StaffAction) => {
    // A re-send changes nothing but the code: no need to ask first.
    if (action.kind !== 'resend_invitation') {
      setPending({ member, action });
      return;
    }
    resend({ id: member.id, action })
      .unwrap()
      .then(
        () => {
          toast.success(`A new invitation is on its way to ${member.email}.`);
        },
        // Toasted globally (a second re-send within 30 seconds is refused, with the wait).
        () => undefined,
      );
  };

  if (isLoading) return <ListSkeleton label="Loading staff" rowHeight="h-16" />;
  if (isError || !data) {
    return (
      <LoadError
        message="We could not load the staff list."
        isRetrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.data.length === 0) {
    return (
      <EmptyState title="No staff yet">
        <p className="mt-2 text-slate">Invite an operator above.</p>
      </EmptyState>
    );
  }
  const admins = data.data.filter(
    (member) => member.role === 'admin' && member.status === 'active',
  );
  return (
    <>
      {admins.length === 1 && <OnlyAdminNote />}
      <ul aria-label="Staff" className="flex flex-col gap-3">
        {data.data.map((member) => (
          <StaffRow
            key={member.id}
            member={member}
            isMe={member.id === me?.id}
            isResending={isResending && originalArgs?.id === member.id}
            onAction={onAction}
          />
        ))}
      </ul>
      {pending && (
        <StaffActionDialog
          member={pending.member}
          action={pending.action}
          onClose={() => {
            setPending(null);
          }}
        />
      )}
    </>
  );
}

/**
 * `/console/staff` (decisions 027 and 049): admins invite operators and change or remove roles, and a second
 * admin confirms each invitation (decision 049).
 */
export function StaffDesk() {
  const me = useAppSelector(selectUser);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Staff and roles</h1>
        <p className="mt-1 text-slate">
          Operators review trades, set rates and help sellers. Admins also manage staff and refunds
          and read the audit trail and the books. A role change signs the person out everywhere. A
          second admin confirms each invitation before the person can be a second pair of eyes on
          large credits.
        </p>
      </div>
      {me?.role === 'admin' ? (
        <>
          <InviteForm />
          <StaffList />
        </>
      ) : (
        <AdminsOnly />
      )}
    </div>
  );
}
