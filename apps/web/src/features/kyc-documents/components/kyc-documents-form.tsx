import {
  KYC_ID_BACK,
  KYC_ID_TYPE_LABELS,
  KYC_ID_TYPES,
  KycDocumentFieldsSchema,
  type KycIdType,
} from '@karta/shared/schemas/kyc-documents';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from '../../../components/ui/field-message';
import { SendProgress } from '../../../components/ui/send-progress';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSubmitKycDocumentsMutation } from '../api';
import { DocumentFileInput } from './document-file-input';

type Files = Partial<Record<'id_front' | 'id_back' | 'selfie' | 'proof_of_address', File>>;

const SELECT = 'min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink';

/** What each file is, in the seller's words; the errors name the same things. */
const FILE_WORDS = {
  id_front: 'Add a photo of the front of the ID.',
  id_back: 'Add a photo of the back of the ID.',
  selfie: 'Add a selfie.',
  proof_of_address: 'Add a photo of your proof of address.',
} as const;

/** The form's own checks, the same words the server gives, before anything is sent. */
function checkForm(idType: KycIdType | '', fields: Record<string, string>, files: Files) {
  const errors: Record<string, string> = {};
  const parsed = KycDocumentFieldsSchema.safeParse({ ...fields, id_type: idType });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
  }
  for (const part of ['id_front', 'selfie', 'proof_of_address'] as const) {
    if (!files[part]) errors[part] = FILE_WORDS[part];
  }
  if (idType && KYC_ID_BACK[idType] === 'required' && !files.id_back) {
    errors.id_back = FILE_WORDS.id_back;
  }
  return errors;
}

/**
 * Tier 3's documents (decision 066): the ID (type, number, front and back where it has one), a
 * selfie and a proof of address under 3 months old, with the home address. Each photo opens the
 * camera on a phone; the upload shows its progress, and the page shows the status once sent.
 */
export function KycDocumentsForm({ userId }: { userId: string }) {
  const idTypeId = useId();
  const [send, { isLoading }] = useSubmitKycDocumentsMutation();
  const [idType, setIdType] = useState<KycIdType | ''>('');
  const [idNumber, setIdNumber] = useState('');
  const [address, setAddress] = useState('');
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const back = idType ? KYC_ID_BACK[idType] : 'optional';

  const setFile = (part: keyof Files) => (file: File | undefined) => {
    setFiles((current) => ({ ...current, [part]: file }));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkForm(idType, { id_number: idNumber, address }, files);
    setErrors(found);
    if (Object.keys(found).length > 0 || !idType) return;
    const { id_front: front, selfie, proof_of_address: proof } = files;
    if (!front || !selfie || !proof) return;
    setProgress(0);
    try {
      await send({
        userId,
        idType,
        idNumber,
        address,
        files: {
          id_front: front,
          id_back: back === 'refused' ? undefined : files.id_back,
          selfie,
          proof_of_address: proof,
        },
        onProgress: (fraction) => {
          setProgress(fraction * 100);
        },
      }).unwrap();
      toast.success('Your documents are sent. We will review them shortly.');
    } catch (error) {
      // The toast says why; a field's problem also shows beside the field.
      const fieldErrors = getFieldErrors(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) markShownInPlace(error);
    }
    setProgress(null);
  };

  return (
    <form
      noValidate
      aria-label="Your documents"
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={idTypeId} className="text-sm font-medium text-ink">
          ID type
        </label>
        <select
          id={idTypeId}
          value={idType}
          disabled={isLoading}
          aria-invalid={errors.id_type ? true : undefined}
          aria-describedby={errors.id_type ? `${idTypeId}-error` : undefined}
          className={SELECT}
          onChange={(event) => {
            setIdType(event.target.value as KycIdType | '');
          }}
        >
          <option value="">Choose your ID</option>
          {KYC_ID_TYPES.map((type) => (
            <option key={type} value={type}>
              {KYC_ID_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        <FieldMessage fieldId={idTypeId} error={errors.id_type} />
      </div>
      <TextInput
        label="ID number"
        autoComplete="off"
        maxLength={30}
        value={idNumber}
        error={errors.id_number}
        disabled={isLoading}
        onChange={(event) => {
          setIdNumber(event.target.value);
        }}
      />
      <DocumentFileInput
        name="id_front"
        label={back === 'refused' ? 'Photo page of the passport' : 'Front of the ID'}
        hint="All four corners in the photo, and every word readable."
        capture="environment"
        file={files.id_front}
        error={errors.id_front}
        disabled={isLoading}
        onChange={setFile('id_front')}
      />
      {back !== 'refused' && (
        <DocumentFileInput
          name="id_back"
          label={back === 'required' ? 'Back of the ID' : 'Back of the ID (optional)'}
          hint="The other side, the same way."
          capture="environment"
          file={files.id_back}
          error={errors.id_back}
          disabled={isLoading}
          onChange={setFile('id_back')}
        />
      )}
      <DocumentFileInput
        name="selfie"
        label="Selfie"
        hint="Your face, in good light, without glasses or a cap."
        capture="user"
        file={files.selfie}
        error={errors.selfie}
        disabled={isLoading}
        onChange={setFile('selfie')}
      />
      <TextArea
        label="Home address"
        length={address.length}
        maxLength={300}
        rows={2}
        value={address}
        error={errors.address}
        disabled={isLoading}
        onChange={(event) => {
          setAddress(event.target.value);
        }}
      />
      <DocumentFileInput
        name="proof_of_address"
        label="Proof of address"
        hint="A utility bill or bank statement from the last 3 months, with your name and this address."
        capture="environment"
        file={files.proof_of_address}
        error={errors.proof_of_address}
        disabled={isLoading}
        onChange={setFile('proof_of_address')}
      />
      {progress !== null && <SendProgress what="your documents" percent={progress} />}
      <Button type="submit" isLoading={isLoading} loadingText="Sending..." className="sm:w-fit">
        Send documents
      </Button>
    </form>
  );
}
