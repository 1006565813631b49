/**
 * The operator console as one lazy chunk: operators open the queue and a trade one after the
 * other, and one import() in the route tree costs the public bundle less than three.
 */
export { ConsoleLayout } from './layouts/console-layout';
export { ConsoleOverview } from '../features/console-overview/components/console-overview';
export { ReviewDetailWithConversation } from './pages/review-detail-page';
export { ReviewQueue } from '../features/review/components/review-queue';
export { MoneyDesk } from '../features/money-desk/components/money-desk';
export { DeskWithdrawalDetail } from '../features/money-desk/components/desk-withdrawal-detail';
export { SellerSearch } from '../features/sellers-desk/components/seller-search';
export { SellerPage } from '../features/sellers-desk/components/seller-page';
export { CatalogDesk } from '../features/catalog-desk/components/catalog-desk';
export { CatalogCardPage } from '../features/catalog-desk/components/catalog-card-page';
export { StaffDesk } from '../features/staff-desk/components/staff-desk';
export { RateSheetPage } from '../features/rate-sheet/components/rate-sheet-page';
export { BooksPage } from '../features/books/components/books-page';
export { AuditTrail } from '../features/audit-trail/components/audit-trail';
export { ConsoleSecurityPage } from '../features/two-factor/components/security-page';
export { KycQueue } from '../features/kyc-desk/components/kyc-queue';
export { KycReviewPage } from '../features/kyc-desk/components/kyc-review-page';
export { SupportDesk } from '../features/support-desk/components/support-desk';
export { DeskConversationPage } from '../features/support-desk/components/desk-conversation-page';
