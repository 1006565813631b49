import {
  BANK_ACCOUNT_DIGITS,
  MIN_AGE_YEARS,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  PASSWORD_MIN_LENGTH,
  PIN_LENGTH,
} from '@karta/shared/constants';

export interface FaqEntry {
  id: string;
  question: string;
  /** What to know first, in a sentence or two. */
  intro: string;
  /** The steps in order, when there are steps. */
  steps?: readonly string[];
  /** What happens next, or what to do if something goes wrong. */
  outro?: string;
}

/** The four questions of docs/product.md §2, answered in Karta's voice (plain, warm, exact). */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'getting-started',
    question: 'How do I get started on Karta?',
    intro: `You need to be ${MIN_AGE_YEARS} or older, with a Nigerian phone number and an e-mail address you can open.`,
    steps: [
      'Open Karta in your phone’s browser (or on a computer) and register: there is nothing to install.',
      `Confirm your account with the ${OTP_LENGTH}-digit code we send to your e-mail. If it is not in your inbox, check spam.`,
      'Log in and press Trade, then enter the card amount.',
      'Add a comment if you like (an e-code, or anything we should know), and upload a clear photo of the card.',
      'Press Proceed to see a summary with the rate, then press Create trade.',
    ],
    outro:
      'You can follow the trade in your dashboard. Once it is approved, the naira is in your Karta balance, ready to withdraw.',
  },
  {
    id: 'change-pin',
    question: 'How do I change my withdrawal PIN?',
    intro: `Your withdrawal PIN is the ${PIN_LENGTH}-digit number you enter to approve every withdrawal.`,
    steps: [
      'Go to Settings and open Change PIN, under Security.',
      'Enter your account password.',
      `Type your new ${PIN_LENGTH}-digit PIN, then type it again to confirm it.`,
    ],
    outro:
      'Your new PIN works at once. Never share it: Karta staff will never ask you for your PIN.',
  },
  {
    id: 'change-password',
    question: 'How do I change my password?',
    intro: 'For your safety, we confirm a password change with a code sent to your e-mail.',
    steps: [
      'Go to Settings and open Change Password, under Security.',
      `Enter your current password, then your new password twice. It needs at least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter, a digit and a special character such as ! # $.`,
      `Press Proceed. We send a ${OTP_LENGTH}-digit verification code to your e-mail.`,
      'Enter the code to save your new password.',
    ],
    outro: `No code after ${OTP_RESEND_SECONDS} seconds? Check spam, then press Resend to get a new one. Each code works for ${OTP_TTL_SECONDS / 60} minutes.`,
  },
  {
    id: 'start-withdrawal',
    question: 'How do I withdraw my money?',
    intro: 'You can withdraw your naira balance to your Nigerian bank account whenever you like.',
    steps: [
      'Press Withdraw and choose your bank.',
      `Enter the ${BANK_ACCOUNT_DIGITS}-digit account number. The account name appears automatically, so you can check it is the right account.`,
      'Choose Add as beneficiary if you want to save the account for next time.',
      'Check the confirmation screen: the amount, the bank, the account number and the name.',
      `Enter your ${PIN_LENGTH}-digit withdrawal PIN to send it.`,
    ],
    outro:
      'You can follow every withdrawal in your transaction history, from pending to successful.',
  },
];
