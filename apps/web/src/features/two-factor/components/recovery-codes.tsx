import { CopyButton } from '../../../components/ui/copy-button';
import { Button } from '../../../components/ui/button';
import { saveFile } from '../../../lib/save-file';
import { SubHeading } from './sub-heading';

export const RECOVERY_FILE_NAME = 'karta-recovery-codes.txt';

/** The file a seller keeps: what the codes are for, then one code a line. */
const recoveryCodesText = (codes: readonly string[]) =>
  [
    'Karta recovery codes',
    'Each code signs you in once if you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');

interface RecoveryCodesProps {
  codes: readonly string[];
  onDone: () => void;
}

/** The ten recovery codes, shown this once (decision 061): copy them or save a file, then go on. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  return (
    <div className="flex flex-col gap-4">
      <SubHeading>Save your recovery codes</SubHeading>
      <p className="text-sm text-slate">
        If you lose your phone, each of these codes signs you in once instead of a code from the
        app. Keep them somewhere safe, away from your phone. We will not show them again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="money grid grid-cols-2 gap-x-6 gap-y-2 rounded-[12px] border border-line bg-mist p-4 text-base text-ink"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={codes.join('\n')} what="recovery codes" />
        <Button
          variant="secondary"
          onClick={() => {
            saveFile(recoveryCodesText(codes), RECOVERY_FILE_NAME, 'text/plain');
          }}
        >
          Download (.txt)
        </Button>
      </div>
      <Button className="sm:self-start" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}
