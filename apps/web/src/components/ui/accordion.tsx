import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './line-icons';

interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** Heading level of each question, so the outline of the page stays right. */
  headingLevel?: 2 | 3 | 4;
  /** The item open at first, if any. */
  defaultOpenId?: string;
  className?: string;
}

/**
 * The WAI-ARIA accordion pattern: each title is a button inside a heading, with aria-expanded
 * and aria-controls; one panel open at a time. A closed panel is `hidden`, so it is out of the
 * tab order and the accessibility tree as well as out of sight.
 */
export function Accordion({
  items,
  headingLevel = 3,
  defaultOpenId,
  className = '',
}: AccordionProps) {
  const baseId = useId();
  const [openId, setOpenId] = useState<string | undefined>(defaultOpenId);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`divide-y divide-line rounded-[12px] border border-line bg-white ${className}`}>
      {items.map((item) => {
        const isOpen = item.id === openId;
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <Heading className="m-0">
              <button
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => {
                  setOpenId(isOpen ? undefined : item.id);
                }}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink hover:text-brand-deep sm:px-6"
              >
                <span>{item.title}</span>
                <ChevronDownIcon
                  className={`h-5 w-5 shrink-0 text-brand transition-transform duration-300 ${isOpen ? 'rotate-180' : ''}`}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-slate opacity-100 transition-opacity duration-300 starting:opacity-0 sm:px-6"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
