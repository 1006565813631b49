import { STAFF_INVITATION_HOURS } from '@karta/shared/schemas/staff-desk';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../../lib/users';
import { issueCode } from '../codes/codes.service';
import { buildNoticeMail } from '../mail/mail-layout';

/**
 * Where the invitee sets a password. The address rides after `#`, which browsers never send to
 * a server (no access log keeps it); the code is not in the link at all.
 */
const acceptLink = (ctx: AppContext, email: string) =>
  `${ctx.config.publicUrl}/accept-invitation#email=${encodeURIComponent(email)}`;

/**
 * Issues a fresh invitation code (the previous one stops working) and mails it with the link.
 * The code stays out of the link so that it never lands in a browser history; the invitee types
 * it, as every other code.
 */
export async function mailInvitation(ctx: AppContext, invitee: UserRow) {
  const code = await issueCode(ctx, {
    userId: invitee.id,
    purpose: 'staff_invitation',
    ttlSeconds: STAFF_INVITATION_HOURS * 3600,
  });
  const mail = buildNoticeMail({
    to: invitee.email,
    firstName: invitee.firstName,
    subject: 'You are invited to the Karta console',
    paragraphs: [
      'You have been invited to work as an operator on Karta: reviewing trades and helping sellers from the Karta console.',
      `To accept, open the link below, enter this code and choose your password. The code works once and expires in ${String(STAFF_INVITATION_HOURS)} hours; after that, ask your admin to send a new one.`,
      'If you did not expect this invitation, you can ignore this mail.',
    ],
    highlight: { label: 'Your invitation code', value: code },
    link: { label: 'Accept the invitation', url: acceptLink(ctx, invitee.email) },
    supportEmail: ctx.config.supportEmail,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (cause) {
    throw new AppError(
      'UNAVAILABLE',
      'We could not send the invitation just now. Re-send it in a minute.',
      { cause },
    );
  }
}
