import { Button } from '../../../components/ui/button';
import { useDownloadBooksCsvMutation, type BooksRange } from '../api';
import { saveFile } from '../../../lib/save-file';

interface CsvDownloadButtonProps {
  range: BooksRange;
  /** What the button says; its accessible name says which days it downloads. */
  children: string;
  label: string;
  variant?: 'primary' | 'secondary' | 'ghost';
}

/**
 * Downloads the books of `range` as `karta-books-<from>-<to>.csv`. A failure is toasted by the
 * API client (the error envelope's message), so there is nothing more to say here.
 */
export function CsvDownloadButton({
  range,
  children,
  label,
  variant = 'secondary',
}: CsvDownloadButtonProps) {
  const [download, { isLoading }] = useDownloadBooksCsvMutation();
  const onClick = () => {
    download(range)
      .unwrap()
      .then(
        (csv) => {
          saveFile(csv, `karta-books-${range.from}-${range.to}.csv`);
        },
        () => undefined,
      );
  };
  return (
    <Button
      variant={variant}
      isLoading={isLoading}
      loadingText="Preparing..."
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
