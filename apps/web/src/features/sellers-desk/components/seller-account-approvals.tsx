import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_APPROVAL_NOTE_MAX,
  AccountApprovalDecisionInputSchema,
  type AccountApproval,
  type AccountApprovalDecisionInput,
} from '@karta/shared/schemas/beneficiaries';
import type { SellerProfile } from '@karta/shared/schemas/sellers-desk';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { getErrorMessage } from '../../../lib/api-error';
import { formatLagosDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useDecideAccountApprovalMutation } from '../api';
import { Section } from './seller-section';

type Verb = 'approve' | 'decline';

const STATUS_WORDS: Record<AccountApproval['status'], string> = {
  pending: 'Waiting for an answer',
  approved: 'Approved',
  declined: 'Declined',
};

const WORDING: Record<
  Verb,
  { title: string; what: string; confirm: string; busy: string; done: string }
> = {
  approve: {
    title: 'Approve this account?',
    what: 'Karta will pay this seller into this one account although the bank gives another name. Approve only once you know the account is theirs to use (a business or joint account, a name spelt another way), for example from a statement or a call.',
    confirm: 'Approve account',
    busy: 'Approving...',
    done: 'Account approved. The seller can withdraw to it now.',
  },
  decline: {
    title: 'Decline this account?',
    what: 'Nothing is saved; the seller can still withdraw to accounts in their own name.',
    confirm: 'Decline',
    busy: 'Declining...',
    done: 'Request declined. The seller has been told.',
  },
};

/**
 * The seller's requests to withdraw to an account not in their own name (decision 064): the
 * bank's name beside the BVN name, and for a pending one, Approve and Decline, each with a note
 * the seller reads and the audit log keeps. Not on one's own account.
 */
export function SellerAccountApprovals({
  seller,
  canDecide,
}: {
  seller: SellerProfile;
  canDecide: boolean;
}) {
  const [deciding, setDeciding] = useState<{ approval: AccountApproval; verb: Verb } | null>(null);
  const bvnName = `${seller.first_name} ${seller.last_name}`;

  return (
    <Section title="Accounts in another name">
      {seller.account_approvals.length === 0 ? (
        <p className="text-slate">This seller has not asked to use an account in another name.</p>
      ) : (
        <ul aria-label="Accounts in another name" className="flex flex-col divide-y divide-line">
          {seller.account_approvals.map((approval) => (
            <li key={approval.id} className="flex flex-col gap-1 py-3">
              <span className="font-semibold text-ink">
                {approval.bank_name} · <span className="font-mono">{approval.account_number}</span>
              </span>
              <span className="text-ink">
                The bank says: <strong>{approval.account_name}</strong> · BVN name: {bvnName}
              </span>
              <span className="text-sm text-slate">
                Asked {formatLagosDateTime(approval.created_at)} · {STATUS_WORDS[approval.status]}
                {approval.decided_by_name && ` by ${approval.decided_by_name}`}
                {approval.decided_at && ` on ${formatLagosDateTime(approval.decided_at)}`}
              </span>
              {approval.note && <span className="text-ink">Note: {approval.note}</span>}
              {approval.status === 'pending' && canDecide && (
                <div className="mt-1 flex flex-wrap gap-3">
                  <Button
                    variant="secondary"
                    aria-haspopup="dialog"
                    aria-label={`Approve ${approval.bank_name} ${approval.account_number}`}
                    onClick={() => {
                      setDeciding({ approval, verb: 'approve' });
                    }}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="danger"
                    aria-haspopup="dialog"
                    aria-label={`Decline ${approval.bank_name} ${approval.account_number}`}
                    onClick={() => {
                      setDeciding({ approval, verb: 'decline' });
                    }}
                  >
                    Decline
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {deciding && (
        <DecisionDialog
          seller={seller}
          approval={deciding.approval}
          verb={deciding.verb}
          onClose={() => {
            setDeciding(null);
          }}
        />
      )}
    </Section>
  );
}

function DecisionDialog({
  seller,
  approval,
  verb,
  onClose,
}: {
  seller: SellerProfile;
  approval: AccountApproval;
  verb: Verb;
  onClose: () => void;
}) {
  const [decide, { isLoading, error }] = useDecideAccountApprovalMutation();
  const form = useForm<AccountApprovalDecisionInput>({
    resolver: zodResolver(AccountApprovalDecisionInputSchema),
    defaultValues: { note: '' },
  });
  const note = form.watch('note');
  const words = WORDING[verb];

  return (
    <Modal
      isOpen
      title={words.title}
      description={`${approval.bank_name} ${approval.account_number}, in the name of ${approval.account_name}`}
      onClose={onClose}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) =>
          void form.handleSubmit(async (values) => {
            try {
              await decide({
                id: seller.id,
                approvalId: approval.id,
                verb,
                note: values.note,
              }).unwrap();
              toast.success(words.done);
              onClose();
            } catch {
              // Shown below the note, and toasted.
            }
          })(event)
        }
      >
        <div data-modal-body className="flex flex-col gap-4">
          <p className="text-sm text-ink">{words.what}</p>
          <TextArea
            label="Note to the seller (kept in the audit log)"
            rows={3}
            length={note.length}
            maxLength={ACCOUNT_APPROVAL_NOTE_MAX}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          {error && (
            <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
              {getErrorMessage(error)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={verb === 'decline' ? 'danger' : 'primary'}
            isLoading={isLoading}
            loadingText={words.busy}
          >
            {words.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
