import { SUPPORT_MAIL_INTERVAL_MINUTES } from '@karta/shared/schemas/support';
import { supportConversationHref, tradeHref } from '@karta/shared/web-paths';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { addSeconds } from '../../lib/clock';
import { findUserById } from '../../lib/users';
import { maskEmail } from '../../lib/mask-email';
import { buildNoticeMail } from '../mail/mail-layout';
import { recordNotice } from '../notices/notices.service';
import { isSellerConnected } from './support-events';
import { hasUnreadNotice, takeMailTurn, type ConversationRow } from './support.repository';

/** The words of the news, for the notice and the mail: the trade's reference, or general. */
const newMessageTitle = (tradeReference: string | null) =>
  tradeReference
    ? `You have a new message about trade ${tradeReference}`
    : 'You have a new message from the Karta team';

const WORDS = 'The Karta team wrote to you. Open the conversation to read it and reply.';

/** Where the seller reads it: the trade's page, or the conversation in Messages. */
const conversationLink = (conversation: ConversationRow) =>
  conversation.tradeId ? tradeHref(conversation.tradeId) : supportConversationHref(conversation.id);

/** The mail to send after the commit, when this message earned one. */
export interface OwedMail {
  to: string;
  firstName: string;
  subject: string;
  url: string;
}

/**
 * In the staff message's transaction: a notice in the bell (one unread per conversation is
 * enough: the bell does not fill with one per line), and, when the seller holds no live stream
 * on any API process (decision 079) and the conversation's last mail is an hour old or more,
 * the mail's turn, taken in one statement so two messages at once cannot both mail. A connected
 * seller takes no turn: the next message they are away for is mailed at once. Never a staff
 * name: the words are the Karta team's.
 */
export async function tellSeller(
  ctx: AppContext,
  tx: Executor,
  options: { conversation: ConversationRow; tradeReference: string | null; at: Date },
): Promise<OwedMail | null> {
  const { conversation, at } = options;
  const link = conversationLink(conversation);
  const title = newMessageTitle(options.tradeReference);
  if (!(await hasUnreadNotice(tx, { userId: conversation.userId, link }))) {
    await recordNotice(tx, {
      userId: conversation.userId,
      kind: 'support_message',
      title,
      body: WORDS,
      link,
      at,
    });
  }
  if (await isSellerConnected(tx, conversation.userId)) return null;
  const since = addSeconds(at, -SUPPORT_MAIL_INTERVAL_MINUTES * 60);
  if (!(await takeMailTurn(tx, { id: conversation.id, at, since }))) return null;
  const seller = await findUserById(tx, conversation.userId);
  if (!seller || seller.status === 'deleted') return null;
  return {
    to: seller.email,
    firstName: seller.firstName,
    subject: title,
    url: `${ctx.config.publicUrl}${link}`,
  };
}

/** After the commit: a mail server that is away does not undo a message. */
export async function sendOwedMail(ctx: AppContext, mail: OwedMail | null) {
  if (!mail) return;
  try {
    await ctx.mailer.send(
      buildNoticeMail({
        to: mail.to,
        firstName: mail.firstName,
        subject: mail.subject,
        paragraphs: [
          WORDS,
          'For your safety, we never ask for your password, PIN or codes in a message.',
        ],
        link: { label: 'Read the message', url: mail.url },
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, mailTo: maskEmail(mail.to) }, 'support message mail could not be sent');
  }
}
