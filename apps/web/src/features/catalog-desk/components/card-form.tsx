import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { useFormSave } from '../use-form-save';
import { CardFormSchema, type CardFormInput, type CardFormValues } from '../catalog-forms';

const FIELDS = ['name', 'brand_colour', 'sort_order', 'active'] as const;

interface CardFormProps {
  defaultValues: CardFormInput;
  submitLabel: string;
  busyLabel: string;
  /** A new card chooses whether it is listed; an existing one changes that with its own button. */
  hasActiveChoice: boolean;
  /** Rejects with the API's error, which the form shows at its field. */
  onSave: (values: CardFormValues) => Promise<unknown>;
}

/** A card's name, brand colour and place in the list (and, for a new card, whether it is listed). */
export function CardForm({
  defaultValues,
  submitLabel,
  busyLabel,
  hasActiveChoice,
  onSave,
}: CardFormProps) {
  const form = useForm<CardFormInput, unknown, CardFormValues>({
    resolver: zodResolver(CardFormSchema),
    defaultValues,
  });
  const { failure, onSubmit } = useFormSave(form, FIELDS, onSave);
  const { errors, isSubmitting } = form.formState;
  const colour = form.watch('brand_colour');

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Card name"
          autoComplete="off"
          maxLength={80}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <div className="flex items-end gap-3">
          <TextInput
            label="Brand colour"
            className="flex-1"
            autoComplete="off"
            maxLength={7}
            hint="Six hex digits, such as #0B7A4B"
            error={errors.brand_colour?.message}
            {...form.register('brand_colour')}
          />
          <span
            aria-hidden="true"
            className="mb-7 size-11 shrink-0 rounded-[12px] border border-line"
            style={{ backgroundColor: /^#[0-9a-f]{6}$/i.test(colour) ? colour : 'transparent' }}
          />
        </div>
        <TextInput
          label="Sort order"
          inputMode="numeric"
          hint="Lower numbers come first in the sellers' list"
          error={errors.sort_order?.message}
          {...form.register('sort_order', { valueAsNumber: true })}
        />
        {hasActiveChoice && (
          <label className="flex min-h-11 items-center gap-3 self-end text-ink">
            <input type="checkbox" className="size-5 accent-brand" {...form.register('active')} />
            Active: sellers can choose it
          </label>
        )}
      </div>
      {failure && (
        <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" isLoading={isSubmitting} loadingText={busyLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
