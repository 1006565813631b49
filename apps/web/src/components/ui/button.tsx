import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useIsHydrated } from '../../lib/use-is-hydrated';

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
  fullWidth?: boolean;
  children: ReactNode;
}

/** 44 px tall at least, 12 px radius (docs/brand.md); one primary button per screen. */
export function Button({
  variant = 'primary',
  isLoading = false,
  loadingText,
  fullWidth = false,
  disabled,
  children,
  className = '',
  type = 'button',
  ...rest
}: ButtonProps) {
  // Before the page's script takes over a pre-rendered form, the browser would submit it by
  // itself, as a GET with every field (a password!) in the address. Submit waits for React.
  const isHydrated = useIsHydrated();
  const isWaitingForScript = type === 'submit' && !isHydrated;
  return (
    <button
      type={type}
      disabled={Boolean(disabled) || isLoading || isWaitingForScript}
      aria-busy={isLoading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-[12px] px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${fullWidth ? 'w-full' : ''} ${className}`}
      {...rest}
    >
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}
