import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import {
  CreateGiftCardInputSchema,
  CreateSubcategoryInputSchema,
} from '@karta/shared/schemas/catalog-admin';
import { getFieldErrors, markShownInPlace } from '../../lib/api-error';

/**
 * The desk's forms check with the API's own schemas, so an operator reads the API's messages
 * before sending; what only the server knows (a taken name, max below min) comes back per field.
 */
export const CardFormSchema = CreateGiftCardInputSchema;
export type CardFormInput = z.input<typeof CardFormSchema>;
export type CardFormValues = z.output<typeof CardFormSchema>;

export const SubcategoryFormSchema = CreateSubcategoryInputSchema;
export type SubcategoryFormInput = z.input<typeof SubcategoryFormSchema>;
export type SubcategoryFormValues = z.output<typeof SubcategoryFormSchema>;

/**
 * Puts the API's field errors under their inputs; true when one landed, so the caller shows
 * the rest (a message with no field of this form) above the buttons instead.
 */
export function showFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  const messages = getFieldErrors(error);
  let isShown = false;
  for (const field of fields) {
    const message = messages[field];
    if (message) {
      setError(field, { message }, { shouldFocus: !isShown });
      markShownInPlace(error);
      isShown = true;
    }
  }
  return isShown;
}
