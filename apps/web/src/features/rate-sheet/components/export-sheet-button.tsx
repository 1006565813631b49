import type { RateSheetFilter } from '@karta/shared/schemas/rate-sheet';
import { Button } from '../../../components/ui/button';
import { useExportRateSheetMutation } from '../api';

/** The filtered sheet as `karta-rates.csv`, in the very columns a paste reads. */
export function ExportSheetButton({ filter }: { filter: RateSheetFilter }) {
  const [exportSheet, { isLoading }] = useExportRateSheetMutation();
  const save = (csv: string) => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = 'karta-rates.csv';
    link.click();
    // Later, not now: some browsers read the Blob after click() returns.
    setTimeout(() => {
      URL.revokeObjectURL(link.href);
    }, 60_000);
  };
  return (
    <Button
      variant="secondary"
      isLoading={isLoading}
      loadingText="Preparing..."
      onClick={() => {
        // A failure is toasted by the API client (the error envelope's message).
        exportSheet(filter)
          .unwrap()
          .then(save, () => undefined);
      }}
    >
      Export CSV
    </Button>
  );
}
