import { useId, useState } from 'react';
import type { RateSheetFilter } from '@karta/shared/schemas/rate-sheet';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';

interface RateSheetFiltersProps {
  filter: RateSheetFilter;
  onApply: (filter: RateSheetFilter) => void;
}

/** Card (part of its name), currency and on sale or not; applied together with one button. */
export function RateSheetFilters({ filter, onApply }: RateSheetFiltersProps) {
  const activeId = useId();
  const [card, setCard] = useState(filter.card ?? '');
  const [currency, setCurrency] = useState(filter.currency ?? '');
  const [active, setActive] = useState(filter.active ?? '');
  return (
    <form
      role="search"
      aria-label="Filter the rate sheet"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({
          card: card.trim() || undefined,
          currency: currency.trim().toUpperCase() || undefined,
          active: active === 'true' || active === 'false' ? active : undefined,
        });
      }}
    >
      <TextInput
        label="Card"
        value={card}
        maxLength={80}
        onChange={(event) => {
          setCard(event.target.value);
        }}
        className="w-48"
      />
      <TextInput
        label="Currency"
        value={currency}
        maxLength={3}
        placeholder="USD"
        onChange={(event) => {
          setCurrency(event.target.value);
        }}
        className="w-28"
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={activeId} className="text-sm font-medium text-ink">
          Active
        </label>
        <select
          id={activeId}
          value={active}
          onChange={(event) => {
            setActive(event.target.value);
          }}
          className="min-h-11 rounded-[12px] border border-line bg-white px-3"
        >
          <option value="">All</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </form>
  );
}
