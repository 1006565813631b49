import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type RefCallback,
  type RefObject,
} from 'react';
import { FieldMessage } from './field-message';
import { ChevronDownIcon, CloseIcon } from './line-icons';

export interface SelectOption {
  id: string;
  label: string;
  /** A small picture beside the label (decorative: the label names the option). */
  imageUrl?: string;
}

interface SearchableSelectProps {
  label: string;
  placeholder?: string;
  /** The text in the box: what the user typed, or the chosen option's label. */
  inputValue: string;
  onInputChange: (text: string) => void;
  onClear: () => void;
  options: readonly SelectOption[];
  onSelect: (option: SelectOption) => void;
  /** Open state lives with the parent, so a page can keep one dropdown open at a time. */
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** A line under the options: loading, an error or an empty list. */
  message?: string | undefined;
  /** More pages exist and none is loading: the last option coming into view asks for one. */
  canLoadMore: boolean;
  onLoadMore: () => void;
  disabled?: boolean;
  hint?: string | undefined;
  /** A problem with the choice (a form's field error), shown under the box. */
  error?: string | undefined;
  /** The text box, for a form that moves focus to its first problem. */
  inputRef?: RefCallback<HTMLInputElement> | undefined;
}

/** Closes the dropdown when a press lands outside it. */
function useOutsidePress(ref: RefObject<HTMLElement | null>, isOpen: boolean, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!isOpen) return;
    const onPress = (event: Event) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) closeRef.current();
    };
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('pointerdown', onPress);
    };
  }, [isOpen, ref]);
}

/** Infinite scroll: watches the last option and asks for the next page when it shows. */
function useLastOptionVisible(
  listRef: RefObject<HTMLUListElement | null>,
  isActive: boolean,
  count: number,
  onVisible: () => void,
) {
  const onVisibleRef = useRef(onVisible);
  onVisibleRef.current = onVisible;
  useEffect(() => {
    const last = listRef.current?.lastElementChild;
    if (!isActive || !last || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisibleRef.current();
      },
      { root: listRef.current },
    );
    observer.observe(last);
    return () => {
      observer.disconnect();
    };
  }, [listRef, isActive, count]);
}

/**
 * A text box that filters a list below it (ARIA combobox + listbox): arrows move through the
 * options, Enter chooses, Escape closes, a press outside closes, the clear icon empties it.
 */
export function SearchableSelect(props: SearchableSelectProps) {
  const { label, inputValue, options, isOpen, onOpenChange, message, disabled, error } = props;
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(-1);
  const activeIndex = isOpen && active < options.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${String(index)}`;

  useOutsidePress(rootRef, isOpen, () => {
    onOpenChange(false);
  });
  useLastOptionVisible(listRef, isOpen && props.canLoadMore, options.length, props.onLoadMore);
  // Keeps the option chosen with the arrows in sight (jsdom has no scrollIntoView).
  useEffect(() => {
    const element = activeIndex >= 0 ? document.getElementById(optionId(activeIndex)) : null;
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'nearest' });
  });

  const choose = (option: SelectOption) => {
    props.onSelect(option);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) onOpenChange(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.min(Math.max(activeIndex + step, 0), options.length - 1));
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  return (
    <div ref={rootRef} className="relative flex flex-col gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div
        className={`flex min-h-11 items-center rounded-[12px] border ${error ? 'border-rejected' : 'border-line'} focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30 ${disabled ? 'bg-mist' : 'bg-white'}`}
      >
        <input
          ref={(node) => {
            inputRef.current = node;
            props.inputRef?.(node);
          }}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={
            (error ? `${id}-input-error` : props.hint ? `${id}-input-hint` : '') || undefined
          }
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          value={inputValue}
          placeholder={props.placeholder}
          disabled={disabled}
          onChange={(event) => {
            props.onInputChange(event.target.value);
            setActive(-1);
            onOpenChange(true);
          }}
          onClick={() => {
            onOpenChange(!isOpen);
          }}
          onKeyDown={onKeyDown}
          className="w-full min-w-0 bg-transparent px-3 py-2.5 text-base text-ink outline-none placeholder:text-slate/80 disabled:cursor-not-allowed disabled:text-slate"
        />
        {inputValue && !disabled ? (
          <button
            type="button"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              props.onClear();
              inputRef.current?.focus();
            }}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-[12px] text-slate hover:text-ink"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        ) : (
          <ChevronDownIcon className="mx-3 h-4 w-4 shrink-0 text-slate" />
        )}
      </div>
      <FieldMessage fieldId={`${id}-input`} error={error} hint={props.hint} />
      <div
        hidden={!isOpen}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-[12px] border border-line bg-white py-1 shadow-lg"
      >
        <ul ref={listRef} id={`${id}-list`} role="listbox" aria-label={label}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onClick={() => {
                choose(option);
              }}
              className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-ink hover:bg-mist ${index === activeIndex ? 'bg-mist' : ''}`}
            >
              {option.imageUrl && (
                <img
                  src={option.imageUrl}
                  alt=""
                  className="h-6 w-9 shrink-0 rounded object-cover"
                />
              )}
              {option.label}
            </li>
          ))}
        </ul>
        {message && (
          <p role="status" className="px-3 py-2 text-sm text-slate">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
