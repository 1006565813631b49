import { FAQ_ENTRIES, type FaqEntry } from '../lib/faq-entries';
import { Accordion } from './ui/accordion';

function FaqAnswer({ entry }: { entry: FaqEntry }) {
  return (
    <div className="space-y-3 leading-relaxed">
      <p>{entry.intro}</p>
      {entry.steps && (
        <ol className="list-decimal space-y-1.5 pl-5 marker:font-semibold marker:text-brand">
          {entry.steps.map((step) => (
            <li key={step} className="pl-1">
              {step}
            </li>
          ))}
        </ol>
      )}
      {entry.outro && <p>{entry.outro}</p>}
    </div>
  );
}

/** The FAQs of docs/product.md §2, on the home page and inside the dashboard. */
export function FaqList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const items = FAQ_ENTRIES.map((entry) => ({
    id: entry.id,
    title: entry.question,
    content: <FaqAnswer entry={entry} />,
  }));
  return <Accordion items={items} headingLevel={headingLevel} />;
}
