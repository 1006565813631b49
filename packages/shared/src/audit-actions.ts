/**
 * Every action the API writes to the audit log, with the words the console shows for it and
 * the desk it belongs to. The API checks its filter against this list, and its audit writer
 * takes only these names (`AuditEntry.action` in apps/api/src/lib/audit-log.ts is an
 * `AuditAction`): a new audited action needs its label here before the API type-checks.
 */
export const AUDIT_ACTIONS = {
  'catalog.card.create': { label: 'Card created', group: 'Catalog and rates' },
  'catalog.card.update': { label: 'Card changed', group: 'Catalog and rates' },
  'catalog.card.image': { label: 'Card image replaced', group: 'Catalog and rates' },
  'catalog.subcategory.create': { label: 'Subcategory created', group: 'Catalog and rates' },
  'catalog.subcategory.update': { label: 'Subcategory changed', group: 'Catalog and rates' },
  'catalog.subcategory.rate': { label: 'Rate changed', group: 'Catalog and rates' },
  'catalog.rate_change.requested': {
    label: 'Rate waiting for a second approval',
    group: 'Catalog and rates',
  },
  'catalog.rate_change.confirmed': { label: 'Rate change confirmed', group: 'Catalog and rates' },
  'catalog.rate_change.returned': { label: 'Rate change sent back', group: 'Catalog and rates' },
  'trade.claim': { label: 'Trade claimed', group: 'Trades' },
  'trade.claim_renew': { label: 'Claim renewed', group: 'Trades' },
  'trade.release': { label: 'Trade released', group: 'Trades' },
  'trade.claim_take_over': { label: 'Claim taken over', group: 'Trades' },
  'trade.request_info': { label: 'Seller asked for more', group: 'Trades' },
  'trade.approve': { label: 'Trade approved', group: 'Trades' },
  'trade.confirm_approval': { label: 'Approval confirmed', group: 'Trades' },
  'trade.return_approval': { label: 'Approval sent back', group: 'Trades' },
  'trade.reject': { label: 'Trade rejected', group: 'Trades' },
  'trade.counter_offer': { label: 'Lower value offered', group: 'Trades' },
  'trade.accept_offer': { label: 'Offer accepted', group: 'Trades' },
  'trade.decline_offer': { label: 'Offer declined', group: 'Trades' },
  'trade.rejection_proof_upload': { label: 'Rejection proof added', group: 'Trades' },
  'trade.adjust': { label: 'Credit adjusted', group: 'Trades' },
  'trade.adjust_requested': { label: 'Adjustment waiting for a second approval', group: 'Trades' },
  'trade.adjust_confirmed': { label: 'Adjustment confirmed', group: 'Trades' },
  'trade.adjust_returned': { label: 'Adjustment sent back', group: 'Trades' },
  'withdrawal.recheck': { label: 'Payout re-checked', group: 'Withdrawals' },
  'withdrawal.fail': { label: 'Payout failed and refunded', group: 'Withdrawals' },
  'payout_alert.resolve': { label: 'Payout alert resolved', group: 'Withdrawals' },
  'user.suspended': { label: 'Account suspended', group: 'Sellers' },
  'user.unsuspended': { label: 'Suspension lifted', group: 'Sellers' },
  'pin.locked': { label: 'PIN locked after wrong tries', group: 'Sellers' },
  'pin.unlocked': { label: 'PIN unlocked', group: 'Sellers' },
  'user.two_factor_reset': { label: 'Two-step sign-in reset', group: 'Sellers' },
  'account_approval.approved': {
    label: 'Account in another name approved',
    group: 'Sellers',
  },
  'account_approval.declined': {
    label: 'Account in another name declined',
    group: 'Sellers',
  },
  'user.kyc_tier': { label: 'KYC tier changed', group: 'Sellers' },
  'kyc.submit': { label: 'KYC documents sent', group: 'Sellers' },
  'kyc.claim': { label: 'KYC documents claimed', group: 'Sellers' },
  'kyc.claim_renew': { label: 'KYC claim renewed', group: 'Sellers' },
  'kyc.claim_take_over': { label: 'KYC claim taken over', group: 'Sellers' },
  'kyc.release': { label: 'KYC documents released', group: 'Sellers' },
  'kyc.approve': { label: 'KYC documents approved', group: 'Sellers' },
  'kyc.reject': { label: 'KYC documents rejected', group: 'Sellers' },
  'auto_withdrawal.on': { label: 'Automatic withdrawal turned on', group: 'Sellers' },
  'auto_withdrawal.off': { label: 'Automatic withdrawal turned off', group: 'Sellers' },
  'staff.invited': { label: 'Operator invited', group: 'Staff' },
  'staff.invitation_resent': { label: 'Invitation sent again', group: 'Staff' },
  'staff.invitation_accepted': { label: 'Invitation accepted', group: 'Staff' },
  'staff.invitation_confirmed': { label: 'Invitation confirmed by a second admin', group: 'Staff' },
  'staff.role_changed': { label: 'Role changed', group: 'Staff' },
  'staff.rights_removed': { label: 'Operator rights removed', group: 'Staff' },
  'support.message': { label: 'Message sent', group: 'Support' },
  'support.claim': { label: 'Conversation claimed', group: 'Support' },
  'support.claim_renew': { label: 'Conversation claim renewed', group: 'Support' },
  'support.release': { label: 'Conversation released', group: 'Support' },
  'support.claim_take_over': { label: 'Conversation claim taken over', group: 'Support' },
  'support.resolve': { label: 'Conversation resolved', group: 'Support' },
  'support.saved_reply': { label: 'Saved reply changed', group: 'Support' },
} as const satisfies Record<string, { label: string; group: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (name: string): name is AuditAction =>
  Object.hasOwn(AUDIT_ACTIONS, name);

/** "Trade approved"; an action written before this list knew it shows as itself. */
export const auditActionLabel = (name: string) =>
  isAuditAction(name) ? AUDIT_ACTIONS[name].label : name;

/** What an audit row can be about, in words for the target filter. */
export const AUDIT_TARGET_TYPES = {
  trade: 'Trade',
  withdrawal: 'Withdrawal',
  user: 'Account',
  gift_card: 'Card',
  gift_card_subcategory: 'Subcategory',
  kyc_submission: 'KYC documents',
  support_conversation: 'Conversation',
  saved_reply: 'Saved reply',
} as const;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;
export const AUDIT_TARGET_TYPE_NAMES = Object.keys(AUDIT_TARGET_TYPES) as AuditTargetType[];
