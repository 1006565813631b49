import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MONTH_NAMES } from '@karta/shared/dates';
import {
  clampDate,
  describeDate,
  getDaysInMonth,
  getWeekday,
  KEY_MOVES,
  moveToMonth,
  parseIsoDate,
  toIsoDate,
} from './calendar-dates';

interface DatePickerCalendarProps {
  /** The chosen date, if any (yyyy-MM-dd). */
  value: string | null;
  /** The first and last days that can be picked (yyyy-MM-dd). */
  min: string;
  max: string;
  onSelect: (date: string) => void;
}

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const selectClass =
  'min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none';

/** Month and year dropdowns over a grid of days; days after `max` cannot be picked. */
export function DatePickerCalendar({ value, min, max, onSelect }: DatePickerCalendarProps) {
  const [focused, setFocused] = useState(() => clampDate(value ?? max, min, max));
  const gridRef = useRef<HTMLTableElement>(null);
  // Focus goes to the grid when the picker opens and when a key moves the day, never when a
  // dropdown changes the month (that would pull focus out of the dropdown).
  const shouldFocusDay = useRef(true);
  const { year, month } = parseIsoDate(focused);
  const first = parseIsoDate(min);
  const last = parseIsoDate(max);
  const years = Array.from({ length: last.year - first.year + 1 }, (_, index) => last.year - index);

  useEffect(() => {
    if (!shouldFocusDay.current) return;
    shouldFocusDay.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const showMonth = (nextYear: number, nextMonth: number) => {
    setFocused(clampDate(moveToMonth(focused, nextYear, nextMonth), min, max));
  };
  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    shouldFocusDay.current = true;
    setFocused(clampDate(move(focused), min, max));
  };

  const leadingBlanks = getWeekday({ year, month, day: 1 });
  const days = Array.from({ length: getDaysInMonth(year, month) }, (_, index) =>
    toIsoDate({ year, month, day: index + 1 }),
  );
  const cells: (string | null)[] = [...Array<null>(leadingBlanks).fill(null), ...days];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, index) =>
    cells.slice(index * 7, index * 7 + 7),
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Month
          <select
            value={month}
            onChange={(event) => {
              showMonth(year, Number(event.target.value));
            }}
            className={selectClass}
          >
            {MONTH_NAMES.map((name, index) => (
              <option
                key={name}
                value={index + 1}
                disabled={year === last.year && index + 1 > last.month}
              >
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Year
          <select
            value={year}
            onChange={(event) => {
              showMonth(Number(event.target.value), month);
            }}
            className={selectClass}
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>

      <table ref={gridRef} onKeyDown={onGridKeyDown} className="w-full table-fixed border-collapse">
        <caption className="sr-only">
          {MONTH_NAMES[month - 1]} {year}
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={long}
                scope="col"
                abbr={long}
                className="pb-2 text-sm font-medium text-slate"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? 'blank'}>
              {week.map((date, index) => (
                <td key={date ?? `blank-${String(index)}`} className="p-0.5 text-center">
                  {date && (
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      disabled={date > max || date < min}
                      aria-label={describeDate(parseIsoDate(date))}
                      aria-pressed={date === value}
                      onClick={() => {
                        onSelect(date);
                      }}
                      className={`money h-11 w-full rounded-[12px] text-base disabled:cursor-not-allowed disabled:text-slate/50 ${date === value ? 'bg-brand font-semibold text-white' : 'text-ink hover:bg-brand/10 disabled:hover:bg-transparent'}`}
                    >
                      {parseIsoDate(date).day}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
