/** Links that look like buttons (44 px tall, 12 px radius, docs/brand.md). */
export const primaryLinkClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-[12px] bg-brand px-6 text-base font-semibold text-white transition-colors hover:bg-brand-deep';
export const secondaryLinkClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-[12px] border border-brand bg-white px-6 text-base font-semibold text-brand transition-colors hover:bg-brand/5';
export const textLinkClass =
  'font-semibold text-brand underline-offset-4 hover:text-brand-deep hover:underline';
