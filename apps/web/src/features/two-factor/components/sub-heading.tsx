import { createContext, useContext, type ReactNode } from 'react';

/**
 * The level of the Security page's own title: 2 under Settings' h1, 1 in the console. Each step
 * of the page titles itself one level below, so the outline has no gap (axe's heading-order).
 */
export const PageHeadingLevel = createContext<1 | 2>(2);

/** A step's or a card's title, one level below the page's. */
export function SubHeading({ children }: { children: ReactNode }) {
  const Tag = useContext(PageHeadingLevel) === 1 ? 'h2' : 'h3';
  return <Tag className="text-lg font-bold text-ink">{children}</Tag>;
}
