import { useState } from 'react';
import { DATA_EXPORT_LIMIT_PER_HOUR } from '@karta/shared/schemas/data-export';
import { Button } from '../../../components/ui/button';
import { getErrorMessage, markShownInPlace } from '../../../lib/api-error';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useExportMyDataMutation } from '../api';

/**
 * The seller's copy of everything Karta holds about them (Nigeria Data Protection Act 2023), as
 * one JSON file. The server limits downloads an hour and tells the owner of each; a refusal
 * (the limit's words, with when to try again) is said here, under the button, not toasted.
 */
export function DownloadMyData() {
  const user = useAppSelector(selectUser);
  const [download, { isLoading }] = useExportMyDataMutation();
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');

  const onDownload = () => {
    if (!user) return;
    setError('');
    setSaved('');
    download({ userId: user.id })
      .unwrap()
      .then(
        (fileName) => {
          setSaved(`${fileName} is downloading.`);
        },
        (failure: unknown) => {
          markShownInPlace(failure);
          setError(getErrorMessage(failure));
        },
      );
  };

  return (
    <section
      aria-labelledby="my-data-title"
      className="flex flex-col gap-3 border-t border-line pt-5"
    >
      <h3 id="my-data-title" className="text-lg font-bold text-ink">
        Your data
      </h3>
      <p className="text-sm text-slate">
        Download a copy of everything Karta holds about you: your profile, trades, withdrawals,
        wallet, saved accounts, notices and sign-ins, as one file. We e-mail you each time it is
        downloaded. You can download it {String(DATA_EXPORT_LIMIT_PER_HOUR)} times an hour.
      </p>
      <Button
        variant="secondary"
        className="sm:w-fit"
        isLoading={isLoading}
        loadingText="Preparing your data..."
        disabled={isLoading}
        onClick={onDownload}
      >
        Download my data
      </Button>
      {error ? (
        <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
          {error}
        </p>
      ) : (
        <p role="status" className="text-sm text-slate empty:hidden">
          {saved}
        </p>
      )}
    </section>
  );
}
