import type { StaffMember } from '@karta/shared/schemas/staff-desk';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useActOnStaffMutation, type StaffAction } from '../api';

/** The confirmation's words: what changes for the person, said before it happens. */
function wordsFor(member: StaffMember, action: StaffAction) {
  const name = member.first_name;
  if (action.kind === 'confirm_invitation') {
    const inviter = member.invitation?.invited_by;
    const inviterName = inviter ? `${inviter.first_name} ${inviter.last_name}` : 'the inviter';
    return {
      title: `Confirm ${name}’s invitation?`,
      what: `You vouch that ${member.first_name} ${member.last_name} is a real person you know of, separate from ${inviterName} who invited them, and not another address of someone already on staff. ${name} can then be the second pair of eyes on a large credit, except on ${inviter?.first_name ?? 'the inviter'}’s decisions and yours. Your name stays on the invitation in the audit trail.`,
      confirm: 'Confirm invitation',
      done: `${name}’s invitation is confirmed.`,
      isDanger: false,
    };
  }
  const signOut = `${name} is signed out everywhere and signs in again with the new role.`;
  if (action.kind === 'role' && action.role === 'admin') {
    return {
      title: `Make ${name} an admin?`,
      what: `Admins also manage staff and refunds and read the audit trail and the books. ${signOut}`,
      confirm: 'Make admin',
      done: `${name} is now an admin.`,
      isDanger: false,
    };
  }
  if (action.kind === 'role') {
    return {
      title: `Make ${name} an operator?`,
      what: `${name} keeps the trade, money and sellers desks but can no longer manage staff. ${signOut}`,
      confirm: 'Make operator',
      done: `${name} is now an operator.`,
      isDanger: true,
    };
  }
  const isInvitation = member.status === 'pending_verification';
  return {
    title: isInvitation ? `Cancel ${name}’s invitation?` : `Remove ${name}’s staff rights?`,
    what: isInvitation
      ? 'The invitation code stops working.'
      : `${name} can no longer open the console and is signed out everywhere. The account stays, as a seller’s.`,
    confirm: isInvitation ? 'Cancel invitation' : 'Remove rights',
    done: isInvitation ? `${name}’s invitation is cancelled.` : `${name} is no longer staff.`,
    isDanger: true,
  };
}

interface StaffActionDialogProps {
  member: StaffMember;
  action: StaffAction;
  onClose: () => void;
}

/**
 * Asks before a role changes (each change ends the person's sessions) and before an admin
 * vouches for someone else's invitation (decision 049).
 */
export function StaffActionDialog({ member, action, onClose }: StaffActionDialogProps) {
  const [act, { isLoading, error }] = useActOnStaffMutation();
  const words = wordsFor(member, action);

  const confirm = async () => {
    try {
      await act({ id: member.id, action }).unwrap();
      toast.success(words.done);
      onClose();
    } catch {
      // Shown in the dialog, and toasted.
    }
  };

  return (
    <Modal
      isOpen
      title={words.title}
      description={`${member.first_name} ${member.last_name} · ${member.email}`}
      onClose={onClose}
    >
      <div data-modal-body className="flex flex-col gap-4">
        <p className="text-sm text-ink">{words.what}</p>
        {error && (
          <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
            {getErrorMessage(error)}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onClose}>
          Keep as is
        </Button>
        <Button
          type="button"
          variant={words.isDanger ? 'danger' : 'primary'}
          isLoading={isLoading}
          loadingText="Saving..."
          onClick={() => void confirm()}
        >
          {words.confirm}
        </Button>
      </div>
    </Modal>
  );
}
