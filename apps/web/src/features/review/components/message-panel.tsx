import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { TextArea } from '../../../components/ui/text-area';
import { messageFormSchema, NOTE_MAX_LENGTH, type MessageFormValues } from '../review-form-schemas';
import { DecisionPanel, useDecision } from './decision-panel';

interface MessagePanelProps {
  title: string;
  /** The field's label, and what the form says when it is left blank. */
  label: string;
  requiredMessage: string;
  hint: string;
  submitLabel: string;
  confirmation: { title: string; description: string; label: string; loadingText: string };
  /** Who reads the message, for the confirmation ("Tunde Bakare will read:"). */
  reader: string;
  isLoading: boolean;
  /** Sends the trimmed message; a refusal is toasted and the trade fetched again. */
  send: (message: string) => Promise<void>;
  children?: ReactNode;
  /** Inside another card: see DecisionPanel. */
  isNested?: boolean | undefined;
}

/**
 * A review step that is one required message (ask the seller, send an approval back): the
 * decision panel's form and confirmation, with one text field.
 */
export function MessagePanel({
  title,
  label,
  requiredMessage,
  hint,
  submitLabel,
  confirmation,
  reader,
  isLoading,
  send,
  children,
  isNested,
}: MessagePanelProps) {
  const form = useForm<MessageFormValues>({
    resolver: zodResolver(messageFormSchema(requiredMessage)),
    defaultValues: { message: '' },
  });
  const message = form.watch('message');
  const decision = useDecision(send);
  return (
    <DecisionPanel
      title={title}
      variant="secondary"
      submitLabel={submitLabel}
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          decision.ask(values.message.trim());
        })(event)
      }
      decision={decision}
      isLoading={isLoading}
      isNested={isNested}
      confirmation={confirmation}
      renderSummary={(text) => (
        <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
          <p className="text-slate">{reader} will read:</p>
          <p className="mt-1 break-words whitespace-pre-wrap text-ink">{text}</p>
        </div>
      )}
    >
      {children}
      <TextArea
        label={label}
        hint={hint}
        length={message.length}
        maxLength={NOTE_MAX_LENGTH}
        error={form.formState.errors.message?.message}
        rows={3}
        {...form.register('message')}
      />
    </DecisionPanel>
  );
}
