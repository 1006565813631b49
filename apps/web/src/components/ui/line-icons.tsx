import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
}

/** Decorative 24 px icons: the control around them carries the accessible name. */
function Icon({ className = 'h-5 w-5', children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** An icon made of these strokes, so each icon is only what it draws. */
const lineIcon = (strokes: ReactNode) =>
  function LineIcon(props: IconProps) {
    return <Icon {...props}>{strokes}</Icon>;
  };

export const ChevronLeftIcon = lineIcon(<path d="M15 5l-7 7 7 7" />);
export const ChevronRightIcon = lineIcon(<path d="M9 5l7 7-7 7" />);
export const ChevronDownIcon = lineIcon(<path d="M5 9l7 7 7-7" />);
export const PauseIcon = lineIcon(<path d="M9 5v14M15 5v14" />);
export const PlayIcon = lineIcon(<path d="M8 5l11 7-11 7z" />);
export const MenuIcon = lineIcon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6L6 18" />);
export const MailIcon = lineIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </>,
);
export const PhoneIcon = lineIcon(
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
);
export const ClockIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const CheckIcon = lineIcon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const ArrowRightIcon = lineIcon(<path d="M5 12h14M13 6l6 6-6 6" />);
/** Two overlapping cards: a possible duplicate. */
export const CopiesIcon = lineIcon(<path d="M8 8h11v11H8zM5 16V5h11" />);
/** Turning arrows and magnifiers, for the photo viewer. */
export const RotateLeftIcon = lineIcon(<path d="M4 4v5h5M4.6 15a8 8 0 1 0 1.9-8.3L4 9" />);
export const RotateRightIcon = lineIcon(<path d="M20 4v5h-5M19.4 15a8 8 0 1 1-1.9-8.3L20 9" />);
export const ZoomInIcon = lineIcon(
  <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M11 8v6M8 11h6" />,
);
export const ZoomOutIcon = lineIcon(
  <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11h6" />,
);

/** The X (formerly Twitter) mark, drawn as two strokes rather than the official glyph. */
export const XSocialIcon = lineIcon(<path d="M4 4l16 16M20 4L4 20" />);
export const InstagramIcon = lineIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
  </>,
);
