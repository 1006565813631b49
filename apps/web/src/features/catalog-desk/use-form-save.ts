import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { getErrorMessage } from '../../lib/api-error';
import { showFieldErrors } from './catalog-forms';

/**
 * A desk form's submit: checked with the form's schema, then saved; the API's field errors go
 * under their inputs and any other failure is returned as `failure`, shown above the buttons.
 */
export function useFormSave<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  fields: readonly Path<Input>[],
  save: (values: Values) => Promise<unknown>,
) {
  const [failure, setFailure] = useState<string>();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await save(values);
    } catch (error) {
      if (!showFieldErrors(form.setError, error, fields)) setFailure(getErrorMessage(error));
    }
  });
  return { failure, onSubmit };
}
