import { zodResolver } from '@hookform/resolvers/zod';
import { TRADE_REJECTION_REASONS, type TradeRejectionReason } from '@karta/shared/constants';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FieldMessage } from '../../../components/ui/field-message';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { TextArea } from '../../../components/ui/text-area';
import { toast } from '../../../lib/toast';
import { useRejectTradeMutation, useUploadRejectionProofMutation } from '../api';
import {
  NOTE_MAX_LENGTH,
  noteOf,
  RejectFormSchema,
  type RejectFormValues,
} from '../review-form-schemas';
import { DecisionPanel, useDecision } from './decision-panel';
import { ProofPicker } from './proof-picker';

const REASONS = Object.entries(TRADE_REJECTION_REASONS) as [TradeRejectionReason, string][];

interface RejectPanelProps {
  trade: AdminTrade;
  onDecided: (trade: AdminTrade) => void;
}

/**
 * Reject: a reason the seller is told in these exact words, a note (needed with "other"), and
 * a confirmation.
 */
export function RejectPanel({ trade, onDecided }: RejectPanelProps) {
  const reasonId = useId();
  const [rejectTrade, { isLoading }] = useRejectTradeMutation();
  const [uploadProof, { isLoading: isUploading }] = useUploadRejectionProofMutation();
  const [proof, setProof] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const form = useForm<RejectFormValues>({
    resolver: zodResolver(RejectFormSchema),
    defaultValues: { reason: '', note: '' },
  });
  const { errors } = form.formState;
  const [reason, note] = form.watch(['reason', 'note']);
  const decision = useDecision(async (choice: { reason: TradeRejectionReason; note: string }) => {
    // The proof goes first (its own upload, with progress); the rejection then names it.
    const proofId = proof
      ? (
          await uploadProof({
            id: trade.id,
            image: proof,
            onProgress: (fraction) => {
              setUploaded(fraction);
            },
          }).unwrap()
        ).id
      : undefined;
    const rejected = await rejectTrade({
      id: trade.id,
      reason: choice.reason,
      ...noteOf(choice.note),
      ...(proofId && { proof_id: proofId }),
    }).unwrap();
    toast.success(`Trade ${trade.reference} rejected. The seller has been told why.`);
    onDecided(rejected);
  });

  return (
    <DecisionPanel
      title="Reject"
      variant="danger"
      submitLabel="Reject trade"
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          if (values.reason) decision.ask({ reason: values.reason, note: values.note });
        })(event)
      }
      decision={decision}
      isLoading={isLoading || isUploading}
      confirmation={{
        title: 'Reject this trade?',
        description: 'Nothing is credited, and the decision cannot be undone.',
        label: 'Reject',
        loadingText: 'Rejecting...',
      }}
      renderSummary={(choice) => (
        <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
          <p className="text-slate">
            {trade.user.first_name} {trade.user.last_name} will read:
          </p>
          <p className="mt-1 font-semibold text-ink">{TRADE_REJECTION_REASONS[choice.reason]}</p>
          {choice.note.trim() && (
            <p className="mt-2 text-ink">
              <span className="font-semibold">Note from our team:</span> {choice.note.trim()}
            </p>
          )}
          {proof && (
            <p className="mt-2 text-ink">
              <span className="font-semibold">Proof image:</span> {proof.name}
            </p>
          )}
          {isUploading && (
            <div className="mt-3">
              <ProgressBar label="Uploading the proof image" percent={uploaded * 100} />
            </div>
          )}
        </div>
      )}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium text-ink">
          Reason
        </label>
        <select
          id={reasonId}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : `${reasonId}-hint`}
          className={`min-h-11 w-full rounded-[12px] border bg-white px-3 text-base text-ink ${errors.reason ? 'border-rejected' : 'border-line'}`}
          {...form.register('reason')}
        >
          <option value="">Choose a reason</option>
          {REASONS.map(([code, words]) => (
            <option key={code} value={code}>
              {words}
            </option>
          ))}
        </select>
        <FieldMessage
          fieldId={reasonId}
          error={errors.reason?.message}
          hint="The seller reads these exact words."
        />
      </div>
      <TextArea
        label={reason === 'other' ? 'Note to the seller' : 'Note to the seller (optional)'}
        length={note.length}
        maxLength={NOTE_MAX_LENGTH}
        error={errors.note?.message}
        rows={2}
        {...form.register('note')}
      />
      <ProofPicker file={proof} onChange={setProof} />
    </DecisionPanel>
  );
}
