import { LegalDocument } from './legal-document';
import { PRIVACY_SECTIONS } from './privacy-sections';

/** /privacy_policy (docs/product.md §2). */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="June 2024"
      intro={
        <p>
          This policy explains what personal data Karta collects, why we need it, who we share it
          with and the choices you have.
        </p>
      }
      sections={PRIVACY_SECTIONS}
    />
  );
}
