import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { prefersReducedMotion } from '../../lib/reduced-motion';
import { CarouselControls } from './carousel-controls';

interface CarouselProps {
  /** One entry per slide; shown one at a time. */
  slides: readonly ReactNode[];
  /** What the carousel shows, for screen readers. */
  label: string;
  /** How long each slide stays before the next one slides in. */
  intervalMs?: number;
  /** Length of the slide movement (docs/product.md §9: carousel speed 500 ms). */
  speedMs?: number;
  className?: string;
}

/**
 * An autoplaying, looping carousel (docs/product.md §2). The track holds a copy of the last slide before
 * the first and of the first after the last: the carousel slides onto a copy as usual, then
 * jumps without animation to the slide it copies, so the loop never rewinds across every
 * slide. It pauses while hovered or focused and with its pause button (WCAG 2.2.2), and does
 * not move by itself when the visitor asked for reduced motion.
 */
export function Carousel({
  slides,
  label,
  intervalMs = 4000,
  speedMs = 500,
  className = '',
}: CarouselProps) {
  const count = slides.length;
  const hasLoop = count > 1;
  // 0 is the copy of the last slide, 1..count the slides, count + 1 the copy of the first.
  const [position, setPosition] = useState(hasLoop ? 1 : 0);
  const [isAnimated, setIsAnimated] = useState(true);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const [isStopped, setIsStopped] = useState(prefersReducedMotion);
  const trackRef = useRef<HTMLDivElement>(null);
  const isMovingRef = useRef(false);
  const positionRef = useRef(position);
  positionRef.current = position;

  const current = hasLoop ? (position - 1 + count) % count : 0;
  const isPaused = isHovered || isFocused || isStopped;

  // One movement at a time: clicks during the 500 ms slide are ignored, not queued.
  const moveTo = (to: number) => {
    if (isMovingRef.current || to === positionRef.current) return;
    isMovingRef.current = true;
    setIsAnimated(true);
    setPosition(to);
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      isMovingRef.current = false;
      if (position === 0 || position === count + 1) {
        setIsAnimated(false);
        setPosition(position === 0 ? count : 1);
      }
    }, speedMs);
    return () => {
      clearTimeout(timer);
    };
  }, [position, count, speedMs]);

  // The jump is laid out without a transition (measuring the track forces that); then the
  // transition comes back for the next movement.
  useLayoutEffect(() => {
    if (isAnimated) return;
    trackRef.current?.getBoundingClientRect();
    setIsAnimated(true);
  }, [isAnimated]);

  // Keyed on the slide shown: a click restarts the wait, the silent jump does not.
  useEffect(() => {
    if (isPaused || !hasLoop) return;
    const timer = setTimeout(() => {
      moveTo(positionRef.current + 1);
    }, intervalMs);
    return () => {
      clearTimeout(timer);
    };
  }, [current, isPaused, hasLoop, intervalMs]);

  if (count === 0) return null;
  const track = hasLoop ? [slides[count - 1], ...slides, slides[0]] : slides;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={className}
      onMouseEnter={() => {
        setIsHovered(true);
      }}
      onMouseLeave={() => {
        setIsHovered(false);
      }}
      onFocus={() => {
        setIsFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsFocused(false);
      }}
    >
      <div className="overflow-hidden">
        <div
          ref={trackRef}
          aria-live={isPaused ? 'polite' : 'off'}
          className="flex"
          style={{
            transform: `translateX(-${position * 100}%)`,
            transition: isAnimated ? `transform ${speedMs}ms ease-in-out` : 'none',
          }}
        >
          {track.map((slide, index) => {
            const isCopy = hasLoop && (index === 0 || index === count + 1);
            const isShown = index === position && !isCopy;
            return (
              <div
                // Copies repeat real slides, so the place on the track is the stable key.
                key={index}
                role={isCopy ? undefined : 'group'}
                aria-roledescription={isCopy ? undefined : 'slide'}
                aria-label={isCopy ? undefined : `${hasLoop ? index : 1} of ${count}`}
                aria-hidden={isShown ? undefined : true}
                inert={!isShown}
                className="w-full shrink-0 px-1"
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {hasLoop && (
        <CarouselControls
          count={count}
          current={current}
          isStopped={isStopped}
          onPrevious={() => {
            moveTo(position - 1);
          }}
          onNext={() => {
            moveTo(position + 1);
          }}
          onSelect={(index) => {
            moveTo(index + 1);
          }}
          onToggleStopped={() => {
            setIsStopped((stopped) => !stopped);
          }}
        />
      )}
    </section>
  );
}
