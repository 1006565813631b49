import type { DeviceKind } from '@karta/shared/constants';
import type { AppContext } from '../../app-context';
import { maskEmail } from '../../lib/mask-email';
import type { UserRow } from '../../lib/users';
import { buildNoticeMail } from '../mail/mail-layout';

const DEVICE_WORDS: Record<DeviceKind, string> = {
  web: 'the Karta website',
  ios: 'the Karta app for iPhone',
  android: 'the Karta app for Android',
};

/** "28 Nov 2026, 14:05": Lagos time, as the seller reads it. */
const lagosTimeOf = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(at);

/** The notice's and the mail's words: when, from where, and what to do if it was not them. */
export const downloadedWords = (at: Date, device: DeviceKind) =>
  `A copy of everything Karta holds about you was downloaded on ${lagosTimeOf(at)} (Lagos time) from ${DEVICE_WORDS[device]}.`;

export const NOT_YOU =
  'If this was not you, change your password now (that signs every other device out) and contact us.';

/**
 * Tells the owner their data left Karta, so a stranger's download is noticed. A courtesy after
 * the fact, like the security notices: the file has been made, and a mail server that is away
 * does not turn it into a failure (the notice in the bell, written first, still tells).
 */
export async function mailDataExported(
  ctx: AppContext,
  options: { user: UserRow; at: Date; device: DeviceKind },
) {
  const { user, at, device } = options;
  try {
    await ctx.mailer.send(
      buildNoticeMail({
        to: user.email,
        firstName: user.firstName,
        subject: 'Your Karta data was downloaded',
        paragraphs: [downloadedWords(at, device), NOT_YOU],
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, mailTo: maskEmail(user.email) }, 'data export mail could not be sent');
  }
}
