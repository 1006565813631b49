import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-deep disabled:bg-brand/50',
  secondary:
    'border border-brand bg-white text-brand hover:bg-brand/5 disabled:border-line disabled:text-slate',
  danger: 'bg-rejected text-white hover:bg-[#991b1b] disabled:bg-rejected/50',
  ghost: 'text-brand hover:bg-brand/10 disabled:text-slate',
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  isLoading?: boolean;
  /** What the button says while loading (the spec's "Registering...", "Loading..."). */
  loadingText?: string;
  /**
   * What a submit button says when it was pressed before the app's script arrived and the form
   * waits for it (decision 074); its loading text if not given.
   */
  queuedText?: string;
  fullWidth?: boolean;
  children: ReactNode;
}

/** 44 px tall at least, 12 px radius (docs/brand.md); one primary button per screen. */
export function Button({
  variant = 'primary',
  isLoading = false,
  loadingText,
  queuedText,
  fullWidth = false,
  disabled,
  children,
  className = '',
  type = 'button',
  ...rest
}: ButtonProps) {
  // Pressed before the page's script has taken over a pre-rendered form, a submit button stays
  // enabled: the page's inline script holds the submit and shows this text until the app sends
  // it (@karta/shared/inline-scripts, lib/pre-app-input.ts).
  const waitingText = type === 'submit' ? (queuedText ?? loadingText ?? 'Sending...') : undefined;
  return (
    <button
      type={type}
      data-queued-text={waitingText}
      disabled={Boolean(disabled) || isLoading}
      aria-busy={isLoading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-[12px] px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${fullWidth ? 'w-full' : ''} ${className}`}
      {...rest}
    >
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}
