import { LegalDocument } from './legal-document';
import { TERMS_SECTIONS } from './terms-sections';

/** /terms_of_use (docs/product.md §2), dated June 2024, with #account-suspension and #reward-system. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Use"
      updated="June 2024"
      intro={
        <p>
          These terms are the agreement between you and Karta when you use our apps and website.
          Please read them before you trade.
        </p>
      }
      sections={TERMS_SECTIONS}
    />
  );
}
