import { sql } from 'drizzle-orm';
import { koboToNaira } from '@karta/shared/money';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { getUserBalances } from './ledger.service';

interface WalletLineRow extends Record<string, unknown> {
  amount: string;
  balance_after: string;
  created_at: Date | string;
  kind: string;
  description: string;
  reference: string | null;
}

/**
 * The seller's wallet for their data export: its balances and every posting to it, oldest
 * first, with the balance each left (the statement's lines, all of them). The platform's side
 * of each movement is the platform's books, not the seller's data.
 */
export async function exportWallet(tx: Executor, userId: string): Promise<DataExport['wallet']> {
  // One statement at a time: the caller's transaction is one connection.
  const balances = await getUserBalances(tx, userId);
  const lines = await tx.execute<WalletLineRow>(sql`
      select p.amount::text, p.balance_after::text, p.created_at, t.kind, t.description, t.reference
        from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
       where p.account_id = (select id from ledger_accounts where user_id = ${userId} and kind = 'user_wallet')
       order by p.id`);
  return {
    available: koboToNaira(balances.availableKobo),
    held_for_withdrawals: koboToNaira(balances.heldKobo),
    lines: lines.rows.map((row) => ({
      at: new Date(row.created_at).toISOString(),
      kind: row.kind,
      description: row.description,
      reference: row.reference,
      amount: koboToNaira(BigInt(row.amount)),
      balance_after: koboToNaira(BigInt(row.balance_after)),
    })),
  };
}
