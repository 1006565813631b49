import type { AuditEntry } from '@karta/shared/schemas/audit-trail';
import { AUDIT_TARGET_TYPES } from '@karta/shared/audit-actions';
import { consolePaths } from '../../config/console-paths';

const cardIdOf = (entry: AuditEntry) => {
  const id = entry.after?.gift_card_id ?? entry.before?.gift_card_id;
  return typeof id === 'string' ? id : undefined;
};

/** Where a row's record lives in the console, or undefined for a kind the console has no page for. */
export function auditTargetHref(entry: AuditEntry): string | undefined {
  const id = entry.target_id;
  switch (entry.target_type) {
    case 'trade':
      return consolePaths.trade.getHref(id);
    case 'withdrawal':
      return consolePaths.withdrawal.getHref(id);
    case 'user':
      return consolePaths.seller.getHref(id);
    case 'gift_card':
      return consolePaths.catalogCard.getHref(id);
    case 'support_conversation':
      return consolePaths.supportConversation.getHref(id);
    case 'gift_card_subcategory': {
      // A rate belongs on the rate sheet; other subcategory changes on their card's page.
      if (entry.action === 'catalog.subcategory.rate') return consolePaths.rates.getHref();
      const cardId = cardIdOf(entry);
      return cardId ? consolePaths.catalogCard.getHref(cardId) : consolePaths.catalog.getHref();
    }
    default:
      return undefined;
  }
}

/**
 * "Card Amazon", "Subcategory Amazon › USA physical": the kind in words and the record's name
 * (the server's, which names a subcategory's card), else the name the change recorded, else the
 * start of the id, enough to tell rows apart.
 */
export function auditTargetLabel(entry: AuditEntry): string {
  const kind =
    (AUDIT_TARGET_TYPES as Record<string, string>)[entry.target_type] ?? entry.target_type;
  const name = entry.target_name ?? entry.after?.name ?? entry.before?.name;
  return typeof name === 'string' ? `${kind} ${name}` : `${kind} ${entry.target_id.slice(0, 8)}`;
}
