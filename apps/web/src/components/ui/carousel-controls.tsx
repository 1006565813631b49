import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './line-icons';

interface CarouselControlsProps {
  count: number;
  /** Index of the slide shown, from 0. */
  current: number;
  isStopped: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSelect: (index: number) => void;
  onToggleStopped: () => void;
}

const controlClass =
  'flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm transition-colors hover:border-brand hover:text-brand';

/** Previous, a dot per slide, next, and pause/play: every control 44 px and named. */
export function CarouselControls({
  count,
  current,
  isStopped,
  onPrevious,
  onNext,
  onSelect,
  onToggleStopped,
}: CarouselControlsProps) {
  return (
    <div className="mt-4 flex items-center justify-center gap-2">
      <button
        type="button"
        aria-label="Previous slide"
        className={controlClass}
        onClick={onPrevious}
      >
        <ChevronLeftIcon />
      </button>
      <div className="flex items-center">
        {Array.from({ length: count }, (_, index) => (
          <button
            key={index}
            type="button"
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === current ? 'true' : undefined}
            className="group flex h-11 w-6 items-center justify-center"
            onClick={() => {
              onSelect(index);
            }}
          >
            <span
              aria-hidden="true"
              className={`block h-2 rounded-full transition-all ${index === current ? 'w-5 bg-brand' : 'w-2 bg-slate/40 group-hover:bg-slate'}`}
            />
          </button>
        ))}
      </div>
      <button type="button" aria-label="Next slide" className={controlClass} onClick={onNext}>
        <ChevronRightIcon />
      </button>
      <button
        type="button"
        aria-label={isStopped ? 'Play slides' : 'Pause slides'}
        className={controlClass}
        onClick={onToggleStopped}
      >
        {isStopped ? <PlayIcon /> : <PauseIcon />}
      </button>
    </div>
  );
}
