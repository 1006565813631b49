import { searchBanks } from '@karta/shared/bank-search';
import type { Bank } from '@karta/shared/schemas/finance';
import { useMemo, useState, type RefCallback } from 'react';
import { listMessage } from '../catalog/list-message';
import { SearchableSelect } from '../ui/searchable-select';
import { useGetBanksQuery } from '../../lib/bank-api';
import { useGetBeneficiariesQuery } from '../../lib/beneficiaries-api';
import { selectUserId } from '../../lib/session/auth-slice';
import { useAppSelector } from '../../lib/store/hooks';

interface BankSelectProps {
  value: Bank | null;
  onChange: (bank: Bank | null) => void;
  error?: string | undefined;
  inputRef?: RefCallback<HTMLInputElement> | undefined;
}

const BANKS_ERROR = 'We could not load the banks. Close the list and open it again to retry.';
const NO_MATCH = 'No bank matches that name.';

/**
 * The banks we pay (about 35, one request), filtered as the user types by the names people use
 * ("GTB", "UBA", "FCMB", a slip of the thumb: packages/shared/src/bank-search.ts), the banks of
 * the seller's saved accounts first (the last saved at the top). Typing over a chosen bank un-chooses it, so
 * the box never shows one bank while another is chosen.
 */
export function BankSelect({ value, onChange, error, inputRef }: BankSelectProps) {
  const [text, setText] = useState(value?.name ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const { data: banks = [], isFetching, isError, refetch } = useGetBanksQuery();
  const userId = useAppSelector(selectUserId);
  // Usually cached already: the withdraw page and Settings list the saved accounts.
  const { data: saved } = useGetBeneficiariesQuery(userId ?? '', { skip: !userId });
  const search = value?.name === text ? '' : text;
  const matches = useMemo(
    () =>
      searchBanks(
        banks,
        search,
        (saved ?? []).map((account) => account.bank_name),
      ),
    [banks, search, saved],
  );

  return (
    <SearchableSelect
      label="Bank"
      placeholder="Search banks"
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (value) onChange(null);
      }}
      onClear={() => {
        setText('');
        onChange(null);
      }}
      options={matches.map((bank) => ({ id: String(bank.id), label: bank.name }))}
      onSelect={(option) => {
        const chosen = banks.find((bank) => String(bank.id) === option.id);
        if (!chosen) return;
        setText(chosen.name);
        setIsOpen(false);
        onChange(chosen);
      }}
      isOpen={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open && isError) void refetch();
      }}
      message={listMessage(
        { isFetching, isError, isEmpty: matches.length === 0 },
        BANKS_ERROR,
        NO_MATCH,
      )}
      canLoadMore={false}
      onLoadMore={() => undefined}
      error={error}
      inputRef={inputRef}
    />
  );
}
