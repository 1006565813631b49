import type { ReactNode } from 'react';
import { RecordFacts, type RecordFact } from './record-facts';
import { RecordHeader, type RecordHeaderProps } from './record-header';
import { RecordSection } from './record-section';

interface RecordViewProps {
  header: RecordHeaderProps;
  /** What the numbers alone do not say (RecordNotice), above them. */
  notices?: ReactNode;
  facts: readonly RecordFact[];
  timeline: ReactNode;
  /** A card beside the timeline from medium screens up, such as the card photos. */
  aside?: { title: string; content: ReactNode } | undefined;
  /** What the user can still do with the record, below the rest. */
  children?: ReactNode;
}

/** A loaded trade or withdrawal: where it stands, its facts and its timeline. */
export function RecordView({ header, notices, facts, timeline, aside, children }: RecordViewProps) {
  const timelineSection = <RecordSection title="Timeline">{timeline}</RecordSection>;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader {...header} />
      {notices}
      <RecordSection title="Details">
        <RecordFacts facts={facts} />
      </RecordSection>
      {aside ? (
        <div className="grid gap-5 md:grid-cols-2">
          {timelineSection}
          <RecordSection title={aside.title}>{aside.content}</RecordSection>
        </div>
      ) : (
        timelineSection
      )}
      {children}
    </div>
  );
}
