import type { StaffMember } from '@karta/shared/schemas/staff-desk';
import { Button } from '../../../components/ui/button';
import { ToneBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import type { StaffAction } from '../api';

/** Where the person stands, in words; the colour only repeats them. */
function standing(member: StaffMember) {
  if (member.status === 'pending_verification') {
    return member.invitation_expires_at
      ? {
          words: `Invited · code works until ${formatLagosDateTime(member.invitation_expires_at)}`,
          tone: 'bg-pending-bg text-pending',
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

interface StaffRowProps {
  member: StaffMember;
  isMe: boolean;
  isResending: boolean;
  onAction: (member: StaffMember, action: StaffAction) => void;
}

/** One operator or admin: name, address, role, standing and what an admin may do. */
export function StaffRow({ member, isMe, isResending, onAction }: StaffRowProps) {
  const name = `${member.first_name} ${member.last_name}`;
  const { words, tone } = standing(member);
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
      </div>
      {isMe ? (
        <p className="text-sm text-slate">This is you. Another admin can change your role.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
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
