import { PHONE_DIGITS } from '@karta/shared/constants';

/**
 * The national number after +234, from whatever was typed or pasted: "0803 123 4567",
 * "+234 803 123 4567" and "2348031234567" all become 8031234567. Cutting a pasted number to ten
 * digits as it came ("+2348031234567" to 2348031234) would keep a wrong number that looks
 * right; the country code and the trunk 0 are dropped first. A lone 0 typed first is dropped at
 * once, and the field's hint says why.
 */
export function toNationalPhoneDigits(text: string): string {
  let digits = text.replace(/\D/g, '');
  if (digits.length > PHONE_DIGITS && digits.startsWith('234')) digits = digits.slice(3);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, PHONE_DIGITS);
}
