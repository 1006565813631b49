import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFinePointer } from '../../lib/use-fine-pointer';
import { RotateLeftIcon, RotateRightIcon, ZoomInIcon, ZoomOutIcon } from '../ui/line-icons';

/** Enough to read a small printed code on a phone photo; more only blurs it. */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

interface PhotoViewerProps {
  src: string;
  alt: string;
  width: number;
  height: number;
}

function ToolButton({
  label,
  onClick,
  disabled = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-[12px] border border-line bg-white text-ink hover:border-brand hover:text-brand disabled:text-slate/50 disabled:hover:border-line"
    >
      {children}
    </button>
  );
}

/**
 * One photo at full size, to read a card's code: zoom in and out (the photo scrolls, or pans
 * by touch, when larger than the frame), turn it a quarter left or right, and reset. Buttons
 * with names for a screen reader; with the viewer focused, + and − zoom, R turns right,
 * Shift+R (or L) turns left and 0 resets. The keys are described only where a keyboard is
 * likely (a fine, hovering pointer): a phone's screen reader is not told of keys it has not got.
 */
export function PhotoViewer({ src, alt, width, height }: PhotoViewerProps) {
  const keysId = useId();
  const offersKeys = useFinePointer();
  const [zoomStep, setZoomStep] = useState(0);
  const [quarterTurns, setQuarterTurns] = useState(0);
  const zoom = ZOOMS[zoomStep] ?? 1;
  const degrees = (((quarterTurns % 4) + 4) % 4) * 90;
  const isSideways = degrees % 180 !== 0;

  const zoomIn = () => {
    setZoomStep((step) => Math.min(step + 1, ZOOMS.length - 1));
  };
  const zoomOut = () => {
    setZoomStep((step) => Math.max(step - 1, 0));
  };
  const turn = (by: number) => () => {
    setQuarterTurns((turns) => turns + by);
  };
  const reset = () => {
    setZoomStep(0);
    setQuarterTurns(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions: Record<string, () => void> = {
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      r: turn(1),
      R: turn(-1),
      l: turn(-1),
      L: turn(-1),
      '0': reset,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      role="group"
      aria-label="Photo viewer"
      aria-describedby={offersKeys ? keysId : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3 rounded-[12px] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ToolButton label="Zoom out" onClick={zoomOut} disabled={zoomStep === 0}>
          <ZoomOutIcon />
        </ToolButton>
        <ToolButton label="Zoom in" onClick={zoomIn} disabled={zoomStep === ZOOMS.length - 1}>
          <ZoomInIcon />
        </ToolButton>
        <ToolButton label="Rotate left" onClick={turn(-1)}>
          <RotateLeftIcon />
        </ToolButton>
        <ToolButton label="Rotate right" onClick={turn(1)}>
          <RotateRightIcon />
        </ToolButton>
        <button
          type="button"
          onClick={reset}
          disabled={zoomStep === 0 && degrees === 0}
          className="min-h-11 rounded-[12px] px-3 font-semibold text-brand hover:bg-brand/10 disabled:text-slate"
        >
          Reset
        </button>
        <p role="status" className="ml-auto text-sm text-slate">
          {`${String(Math.round(zoom * 100))}%${degrees ? `, turned ${String(degrees)}°` : ''}`}
        </p>
      </div>
      {offersKeys && (
        <p id={keysId} className="sr-only">
          Keys: plus and minus zoom, R turns right, Shift R turns left, 0 resets.
        </p>
      )}
      {/* The frame scrolls (or pans by touch) once the photo is larger than it. */}
      <div className="max-h-[65vh] overflow-auto rounded-[12px] bg-mist" data-testid="photo-frame">
        <div
          className="flex items-center justify-center"
          style={{
            width: `${String(zoom * 100)}%`,
            aspectRatio: isSideways ? `${String(height)} / ${String(width)}` : undefined,
          }}
        >
          <img
            src={src}
            alt={alt}
            width={width}
            height={height}
            className="max-w-full object-contain transition-transform motion-reduce:transition-none"
            style={{
              transform: `rotate(${String(degrees)}deg)`,
              // A quarter turn swaps the sides: shrink so the turned photo still fits the width.
              maxWidth: isSideways ? `${String((height / width) * 100)}%` : '100%',
              maxHeight: zoom === 1 && !isSideways ? '65vh' : undefined,
            }}
          />
        </div>
      </div>
    </div>
  );
}
