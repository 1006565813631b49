import { TRADE_COMMENT_MAX_LENGTH } from '@karta/shared/constants';
import { useState, type Ref } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { GiftCardSelect } from '../../../components/catalog/gift-card-select';
import { SubcategorySelect } from '../../../components/catalog/subcategory-select';
import { StepForm } from '../../../components/ui/step-form';
import { TextArea } from '../../../components/ui/text-area';
import type { TradeFormValues } from '../trade-form-schema';
import { AmountField } from './amount-field';
import { IfNoAnswerField } from './if-no-answer-field';
import { PhotoPicker } from '../../../components/photos/photo-picker';

type Menu = 'card' | 'subcategory' | null;

interface TradeFormStepProps {
  form: UseFormReturn<TradeFormValues>;
  onProceed: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Step 1 (docs/product.md §1): the card, its amount, an optional comment and the photos, then Proceed. */
export function TradeFormStep({ form, onProceed, headingRef }: TradeFormStepProps) {
  const [openMenu, setOpenMenu] = useState<Menu>(null);
  const { errors } = form.formState;
  const giftCard = form.watch('giftCard');
  const subcategory = form.watch('subcategory');
  const comment = form.watch('comment');
  const ifNoAnswer = form.watch('ifNoAnswer');
  // One dropdown open at a time, as in the rate calculator.
  const menuProps = (menu: Exclude<Menu, null>) => ({
    isOpen: openMenu === menu,
    onOpenChange: (isOpen: boolean) => {
      setOpenMenu(isOpen ? menu : null);
    },
  });

  return (
    <StepForm title="Your card" headingRef={headingRef} submitLabel="Proceed" onSubmit={onProceed}>
      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={form.control}
          name="giftCard"
          render={({ field, fieldState }) => (
            <GiftCardSelect
              {...menuProps('card')}
              inputRef={field.ref}
              initialText={field.value?.name ?? ''}
              error={fieldState.error?.message}
              onChosen={(card) => {
                field.onChange({ id: card.id, name: card.name });
                // Another card has other categories: the old choice no longer applies.
                form.setValue('subcategory', null);
              }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="subcategory"
          render={({ field, fieldState }) => (
            <SubcategorySelect
              key={giftCard?.id ?? ''}
              catId={giftCard?.id ?? null}
              {...menuProps('subcategory')}
              inputRef={field.ref}
              initialText={field.value?.name ?? ''}
              error={fieldState.error?.message}
              onChosen={(chosen) => {
                field.onChange(chosen);
                if (form.getValues('amount')) void form.trigger('amount');
              }}
            />
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="amount"
        render={({ field, fieldState }) => (
          <AmountField
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            subcategory={subcategory ?? null}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextArea
        label="Comment (optional)"
        hint="An e-code, or anything we should know about the card."
        length={comment.length}
        maxLength={TRADE_COMMENT_MAX_LENGTH}
        error={errors.comment?.message}
        rows={3}
        {...form.register('comment')}
      />
      <Controller
        control={form.control}
        name="photos"
        render={({ field, fieldState }) => (
          <PhotoPicker
            inputRef={field.ref}
            photos={field.value}
            onChange={(photos) => {
              field.onChange(photos);
              if (fieldState.error) void form.trigger('photos');
            }}
            error={fieldState.error?.message}
          />
        )}
      />
      <IfNoAnswerField value={ifNoAnswer} radio={form.register('ifNoAnswer')} />
    </StepForm>
  );
}
