import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageIntro } from './page-intro';
import { useScrollToHash } from './use-scroll-to-hash';

export interface LegalSection {
  /** The anchor: /terms_of_use#reward-system lands on the section with id reward-system. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** When the text last changed, e.g. June 2024. */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

// Direct children only, so embedded components (the contact cards) keep their own styles.
const bodyClass = [
  'mt-4 space-y-3 leading-relaxed text-slate',
  '[&>ul]:list-disc [&>ul]:space-y-1.5 [&>ul]:pl-5 [&>ul>li]:pl-1 [&_strong]:text-ink',
  '[&>p_a]:font-semibold [&>p_a]:text-brand [&>p_a]:underline [&>p_a]:underline-offset-4',
  '[&>ul_a]:font-semibold [&>ul_a]:text-brand [&>ul_a]:underline [&>ul_a]:underline-offset-4',
].join(' ');

function Contents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <ol className="space-y-0.5">
      {sections.map((section, index) => (
        <li key={section.id}>
          <Link
            to={{ hash: section.id }}
            className="flex min-h-11 items-center gap-2 rounded-[8px] px-2 text-slate hover:bg-mist hover:text-brand-deep lg:min-h-9"
          >
            <span className="money w-5 text-sm text-slate/80">{index + 1}.</span>
            {section.title}
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** A legal page: title, date, contents and numbered sections, each one an anchor. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  useScrollToHash();
  return (
    <>
      <PageIntro eyebrow="Legal" title={title}>
        <p className="text-base font-medium text-ink">Last updated: {updated}</p>
        <div className="mt-3">{intro}</div>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:grid lg:grid-cols-[260px_1fr] lg:gap-14">
        <details className="mb-8 rounded-[12px] border border-line bg-white p-4 lg:hidden">
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-ink">
            On this page
          </summary>
          <nav aria-label="On this page" className="mt-2">
            <Contents sections={sections} />
          </nav>
        </details>
        <nav aria-label="On this page" className="sticky top-24 hidden self-start lg:block">
          <p className="mb-2 px-2 text-sm font-semibold tracking-wide text-ink uppercase">
            On this page
          </p>
          <Contents sections={sections} />
        </nav>
        <div className="max-w-3xl space-y-12">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-bold tracking-tight text-ink">
                {index + 1}. {section.title}
              </h2>
              <div className={bodyClass}>{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
