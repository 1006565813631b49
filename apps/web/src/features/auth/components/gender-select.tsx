import { useId, type SelectHTMLAttributes, type Ref } from 'react';
import { GENDERS } from '@karta/shared/constants';
import { FieldMessage } from '../../../components/ui/field-message';

interface GenderSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** The gender dropdown of docs/product.md §2: Male, Female, Other, with Select Gender until one is chosen. */
export function GenderSelect({ label, error, ref, ...rest }: GenderSelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        // Required makes the empty choice :invalid, which greys the Select Gender placeholder.
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`h-[46px] rounded-[12px] border bg-white px-3 text-base text-ink invalid:text-slate focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none ${error ? 'border-rejected' : 'border-line'}`}
        {...rest}
      >
        <option value="" disabled>
          Select Gender
        </option>
        {GENDERS.map((gender) => (
          <option key={gender} value={gender}>
            {gender}
          </option>
        ))}
      </select>
      <FieldMessage fieldId={id} error={error} />
    </div>
  );
}
