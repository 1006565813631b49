import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { useFormSave } from '../use-form-save';
import {
  SubcategoryFormSchema,
  type SubcategoryFormInput,
  type SubcategoryFormValues,
} from '../catalog-forms';

const FIELDS = ['name', 'currency', 'rate', 'min_amount', 'max_amount'] as const;

interface SubcategoryFormProps {
  defaultValues: SubcategoryFormInput;
  submitLabel: string;
  busyLabel: string;
  /** A subcategory's currency is fixed once trades can name it: shown, not editable. */
  isCurrencyFixed: boolean;
  onSave: (values: SubcategoryFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** Name, currency, rate (naira per unit) and the card amounts a seller may trade. */
export function SubcategoryForm({
  defaultValues,
  submitLabel,
  busyLabel,
  isCurrencyFixed,
  onSave,
  onCancel,
}: SubcategoryFormProps) {
  const form = useForm<SubcategoryFormInput, unknown, SubcategoryFormValues>({
    resolver: zodResolver(SubcategoryFormSchema),
    defaultValues,
  });
  const { failure, onSubmit } = useFormSave(form, FIELDS, async (values) => {
    await onSave(values);
    // A form that stays on the page (adding) empties for the next one.
    if (!onCancel) form.reset(defaultValues);
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
      <div data-modal-body className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Subcategory name"
          autoComplete="off"
          maxLength={80}
          hint="Such as USA physical $100–$500"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextInput
          label="Currency"
          autoComplete="off"
          maxLength={3}
          disabled={isCurrencyFixed}
          hint="ISO code, such as USD"
          error={errors.currency?.message}
          {...form.register('currency', {
            setValueAs: (value: string) => value.toUpperCase(),
          })}
        />
        <TextInput
          label="Rate (₦ per unit)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.rate?.message}
          {...form.register('rate')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextInput
            label="Smallest card"
            inputMode="numeric"
            error={errors.min_amount?.message}
            {...form.register('min_amount', { valueAsNumber: true })}
          />
          <TextInput
            label="Largest card"
            inputMode="numeric"
            error={errors.max_amount?.message}
            {...form.register('max_amount', { valueAsNumber: true })}
          />
        </div>
      </div>
      {failure && (
        <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={isSubmitting} loadingText={busyLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
