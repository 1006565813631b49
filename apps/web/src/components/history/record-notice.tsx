import type { ReactNode } from 'react';

const TONES = {
  approved: 'bg-approved-bg',
  processing: 'bg-processing-bg',
  pending: 'bg-pending-bg',
  rejected: 'bg-rejected-bg',
  neutral: 'bg-white',
} as const;

/**
 * What a record's numbers alone do not say (why it was rejected, failed or came back), above
 * them, in the colour of its status.
 */
export function RecordNotice({
  label,
  tone,
  children,
}: {
  /** The region's name, e.g. "Why the withdrawal failed". */
  label: string;
  tone: keyof typeof TONES;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className={`rounded-[12px] p-4 ${TONES[tone]}`}>
      {children}
    </section>
  );
}
