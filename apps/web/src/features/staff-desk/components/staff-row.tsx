import type { StaffMember } from '@karta/shared/schemas/staff-desk';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { ToneBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import type { StaffAction } from '../api';

const PENDING_TONE = 'bg-pending-bg text-pending';

/** Where the person stands, in words; the colour only repeats them. */
function standing(member: StaffMember) {
  if (member.status === 'pending_verification') {
    return member.invitation_expires_at
      ? {
          words: `Invited · code works until ${formatLagosDateTime(member.invitation_expires_at)}`,
          tone: PENDING_TONE,
        }
      : { words: 'Invitation lapsed', tone: 'bg-rejected-bg text-rejected' };
  }
  if (member.status === 'active') return { words: 'Active', tone: 'bg-approved-bg text-approved' };
  return {
    words: member.status === 'suspended' ? 'Suspended' : member.status,
    tone: 'bg-mist text-slate',
  };
}

/** The actions offered on one row; the API enforces the same rules. */
function actionsFor(member: StaffMember): { label: string; action: StaffAction }[] {
  if (member.status === 'pending_verification') {
    return [
      { label: 'Re-send invitation', action: { kind: 'resend_invitation' } },
      { label: 'Cancel invitation', action: { kind: 'remove' } },
    ];
  }
  return member.role === 'admin'
    ? [
        { label: 'Make operator', action: { kind: 'role', role: 'operator' } },
        { label: 'Remove admin rights', action: { kind: 'remove' } },
      ]
    : [
        { label: 'Make admin', action: { kind: 'role', role: 'admin' } },
        { label: 'Remove operator rights', action: { kind: 'remove' } },
      ];
}

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

/**
 * Who invited the person and whether a second admin has vouched for it (decision 049). Staff
 * made on the server have no invitation, and nothing shows.
 */
function InvitationLine({ member }: { member: StaffMember }) {
  const { invitation } = member;
  if (!invitation) return null;
  if (invitation.confirmed_by) {
    return (
      <p className="text-sm text-slate">
        Invited by {fullName(invitation.invited_by)} · confirmed by{' '}
        {fullName(invitation.confirmed_by)}
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-slate">Invited by {fullName(invitation.invited_by)}</p>
      <ToneBadge tone={PENDING_TONE}>Waiting for a second admin</ToneBadge>
      <p className="text-sm text-slate">
        Until an admin other than {invitation.invited_by.first_name} confirms it,{' '}
        {member.first_name} cannot be anyone’s second pair of eyes on a large credit.
      </p>
    </>
  );
}

interface StaffRowProps {
  member: StaffMember;
  isMe: boolean;
  isResending: boolean;
  onAction: (member: StaffMember, action: StaffAction) => void;
}

/**
 * "Confirm invitation" on an invitation that waits for a second admin. Off, with the reason
 * beside it and read with it, for the admin who may not (the inviter, or one not independent
 * of the inviter); the API refuses them too.
 */
function ConfirmInvitationButton({
  member,
  onAction,
}: {
  member: StaffMember;
  onAction: StaffRowProps['onAction'];
}) {
  const reasonId = useId();
  const refusal = member.invitation?.confirm_refusal ?? null;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        aria-label={`Confirm invitation: ${fullName(member)}`}
        aria-haspopup="dialog"
        disabled={refusal !== null}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={() => {
          onAction(member, { kind: 'confirm_invitation' });
        }}
      >
        Confirm invitation
      </Button>
      {refusal && (
        <p id={reasonId} className="max-w-xs text-sm text-slate">
          {refusal}
        </p>
      )}
    </div>
  );
}

/** One operator or admin: name, address, role, standing and what an admin may do. */
export function StaffRow({ member, isMe, isResending, onAction }: StaffRowProps) {
  const name = fullName(member);
  const { words, tone } = standing(member);
  const waitsForSecondAdmin = member.invitation !== null && !member.invitation.confirmed_by;
  return (
    <li
      aria-label={name}
      className="flex flex-col gap-3 rounded-[12px] border border-line bg-white p-4 md:flex-row md:items-center"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-ink">
          {name}{' '}
          <span className="text-sm font-semibold text-brand-deep">
            {member.role === 'admin' ? 'Admin' : 'Operator'}
          </span>
        </p>
        <p className="truncate text-sm text-slate">{member.email}</p>
        <ToneBadge tone={tone}>{words}</ToneBadge>
        <InvitationLine member={member} />
      </div>
      {isMe ? (
        <p className="text-sm text-slate md:max-w-xs">
          This is you. Another admin can change your role.
        </p>
      ) : (
        <div className="flex flex-wrap items-start gap-2 md:max-w-md md:justify-end">
          {waitsForSecondAdmin && <ConfirmInvitationButton member={member} onAction={onAction} />}
          {actionsFor(member).map(({ label, action }) => (
            <Button
              key={label}
              variant="secondary"
              aria-label={`${label}: ${name}`}
              isLoading={action.kind === 'resend_invitation' && isResending}
              loadingText="Sending..."
              onClick={() => {
                onAction(member, action);
              }}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}
