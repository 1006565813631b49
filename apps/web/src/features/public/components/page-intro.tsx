import type { ReactNode } from 'react';

interface PageIntroProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The band at the top of each inner public page: a title and a line of context. */
export function PageIntro({ eyebrow, title, children }: PageIntroProps) {
  return (
    <div className="bg-gradient-to-b from-mist to-white">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 sm:px-6 md:pt-16">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
          {title}
        </h1>
        {children && (
          <div className="mt-4 max-w-2xl text-lg leading-relaxed text-slate">{children}</div>
        )}
      </div>
    </div>
  );
}
