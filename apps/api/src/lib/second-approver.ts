import { sql } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import type { Executor } from '../db/client';
import { AppError } from './app-error';

/**
 * Whether a second person counts as a second pair of eyes on the first's decision (a credit,
 * an adjustment, a rate; decision 049). Not the same person (the caller words that refusal:
 * "you approved this", "you made this adjustment"); not someone who made the other staff, by
 * invitation or by a role change, in either direction (`staff_grants`); and not someone whose
 * own invitation no second admin has confirmed yet, since one admin alone could have made that
 * identity. Staff made on the server (`npm run create-admin`) have no invitation to confirm.
 * One statement; refusals are 409 NOT_INDEPENDENT (not 403: the web client reads 403 as an
 * expired session, decision 003).
 */
export async function checkSecondApprover(
  tx: Executor,
  options: { firstUserId: string; secondUserId: string; sameMessage: string; field?: string },
): Promise<void> {
  const { firstUserId, secondUserId, field = 'id' } = options;
  if (firstUserId === secondUserId) {
    throw new AppError('CONFLICT', options.sameMessage, { domainCode: 'SAME_APPROVER', field });
  }
  const result = await tx.execute<{ unconfirmed: boolean; related_name: string | null }>(sql`
    select
      exists (
        select 1 from staff_grants
        where user_id = ${secondUserId} and kind = 'invitation' and confirmed_by_user_id is null
      ) as unconfirmed,
      (
        select u.first_name || ' ' || u.last_name from users u
        where u.id = ${firstUserId} and exists (
          select 1 from staff_grants g
          where (g.user_id = ${secondUserId}
                 and (g.granted_by_user_id = ${firstUserId} or g.confirmed_by_user_id = ${firstUserId}))
             or (g.user_id = ${firstUserId}
                 and (g.granted_by_user_id = ${secondUserId} or g.confirmed_by_user_id = ${secondUserId}))
        )
      ) as related_name`);
  const [row] = result.rows;
  if (row?.related_name) {
    throw new AppError('CONFLICT', FOUR_EYES_MESSAGES.related(row.related_name), {
      domainCode: 'NOT_INDEPENDENT',
      field,
    });
  }
  if (row?.unconfirmed) {
    throw new AppError('CONFLICT', FOUR_EYES_MESSAGES.INVITATION_UNCONFIRMED, {
      domainCode: 'NOT_INDEPENDENT',
      field,
    });
  }
}
