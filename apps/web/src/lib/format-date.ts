/** "21 Nov 2026, 14:02" in Lagos time (docs/brand.md): one formatter, shared with the API's mails. */
export { formatLagosDateTime } from '@karta/shared/dates';
