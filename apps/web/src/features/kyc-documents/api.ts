import type { KycIdType, KycSubmission, KycSubmitted } from '@karta/shared/schemas/kyc-documents';
import { baseApi, type Envelope } from '../../lib/base-api';
import { sendUploadForm } from '../../lib/send-upload-form';

interface SubmitKycDocumentsArgs {
  userId: string;
  idType: KycIdType;
  idNumber: string;
  address: string;
  files: { id_front: File; id_back?: File | undefined; selfie: File; proof_of_address: File };
  onProgress?: (fraction: number) => void;
}

/** Text fields first: the server checks them before it decodes a photo. */
function buildDocumentsFormData({ idType, idNumber, address, files }: SubmitKycDocumentsArgs) {
  const form = new FormData();
  form.append('id_type', idType);
  form.append('id_number', idNumber.trim());
  form.append('address', address.trim());
  form.append('id_front', files.id_front, files.id_front.name);
  if (files.id_back) form.append('id_back', files.id_back, files.id_back.name);
  form.append('selfie', files.selfie, files.selfie.name);
  form.append('proof_of_address', files.proof_of_address, files.proof_of_address.name);
  return form;
}

/** Tier 3's documents (decision 066): the latest submission and sending one, with progress. */
const kycDocumentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKycDocuments: build.query<KycSubmission | null, string>({
      query: (userId) => `/user/kyc_documents/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<KycSubmission | null>) => response.data,
      providesTags: ['KycDocuments'],
    }),
    submitKycDocuments: build.mutation<KycSubmitted, SubmitKycDocumentsArgs>({
      queryFn: (args, api) =>
        sendUploadForm<KycSubmitted>(
          api,
          `/user/kyc_documents/${encodeURIComponent(args.userId)}`,
          buildDocumentsFormData(args),
          args.onProgress,
        ),
      // Also on failure: a 409 means one is already waiting, which the page then shows.
      invalidatesTags: ['KycDocuments'],
    }),
  }),
});

export const { useGetKycDocumentsQuery, useSubmitKycDocumentsMutation } = kycDocumentsApi;
