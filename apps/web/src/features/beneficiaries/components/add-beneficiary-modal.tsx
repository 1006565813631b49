import type { Bank, BankAccountInput } from '@karta/shared/schemas/finance';
import { AccountNumberSchema, FINANCE_MESSAGES } from '@karta/shared/schemas/finance';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { isStepUpCancelled, useStepUp } from '../../../components/step-up/use-step-up';
import {
  getErrorCode,
  getErrorMessage,
  getFieldErrors,
  markShownInPlace,
} from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { BankAccountFields } from '../../../components/bank-account/bank-account-fields';
import { useAccountResolution } from '../../../components/bank-account/use-account-resolution';
import { getLastFour } from '../../../lib/account-number';
import { useAddBeneficiaryMutation } from '../api';
import { NotOwnAccount } from './not-own-account';

interface AddBeneficiaryModalProps {
  isOpen: boolean;
  userId: string;
  onClose: () => void;
}

const WAIT_FOR_NAME = 'Wait for the account name to appear before you save.';

/** Saves a bank account to withdraw to: bank, number, the name the bank gives back, Save. */
export function AddBeneficiaryModal({ isOpen, userId, onClose }: AddBeneficiaryModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Add a withdrawal account"
      description="Choose the bank and type the 10-digit account number: the account name appears by itself, so you can check it is yours."
    >
      <AddBeneficiaryForm userId={userId} onDone={onClose} />
    </Modal>
  );
}

function AddBeneficiaryForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const [bank, setBank] = useState<Bank | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [errors, setErrors] = useState<{ bank?: string; accountNumber?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  /** The bank's name is not the seller's (decision 064): the refusal, and what they may do. */
  const [notOwn, setNotOwn] = useState<{ message: string; body: BankAccountInput } | null>(null);
  const resolution = useAccountResolution(bank, accountNumber);
  const [addBeneficiary, { isLoading }] = useAddBeneficiaryMutation();
  const stepUp = useStepUp();

  const save = async () => {
    const number = AccountNumberSchema.safeParse(accountNumber);
    const nextErrors = {
      bank: bank ? undefined : FINANCE_MESSAGES.BANK_REQUIRED,
      accountNumber: !number.success
        ? number.error.issues[0]?.message
        : bank && resolution.status !== 'resolved' && resolution.status !== 'failed'
          ? WAIT_FOR_NAME
          : undefined,
    };
    setErrors(nextErrors);
    setProblem(null);
    setNotOwn(null);
    if (!bank || nextErrors.accountNumber || resolution.status !== 'resolved') return;
    const args = {
      userId,
      body: { bank_id: bank.id, account_bank: bank.code, account_number: accountNumber },
    };
    try {
      // With two-step sign-in on, the code is asked for in place and the same request sent again.
      const saved = await stepUp.send(() => addBeneficiary(args).unwrap());
      toast.success(
        `${saved.bank_name} account ending ${getLastFour(saved.account_number)} (${saved.account_name}) was saved.`,
      );
      onDone();
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      // The toast has spoken (docs/product.md §8); the field it concerns says it too, or the dialog does.
      // Every branch below shows the failure in the modal.
      markShownInPlace(error);
      if (getErrorCode(error) === 'NOT_OWN_ACCOUNT') {
        setNotOwn({ message: getErrorMessage(error), body: args.body });
        return;
      }
      const fields = getFieldErrors(error);
      const fieldError = fields.account_number ?? fields.bank_id ?? fields.account_bank;
      if (fields.account_number) setErrors({ accountNumber: fields.account_number });
      else if (fieldError) setErrors({ bank: fieldError });
      else setProblem(getErrorMessage(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="flex flex-col gap-4"
    >
      <BankAccountFields
        bank={bank}
        onBankChange={(next) => {
          setBank(next);
          setErrors({});
          setNotOwn(null);
        }}
        accountNumber={accountNumber}
        onAccountNumberChange={(next) => {
          setAccountNumber(next);
          setErrors((current) => ({ ...current, accountNumber: undefined }));
          setProblem(null);
          setNotOwn(null);
        }}
        resolution={resolution}
        bankError={errors.bank}
        accountNumberError={errors.accountNumber}
      />
      {notOwn && <NotOwnAccount userId={userId} refusal={notOwn} />}
      {problem && (
        <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isLoading} loadingText="Saving...">
          Save
        </Button>
      </div>
      {stepUp.prompt}
    </form>
  );
}
