import type { AppContext } from '../../app-context';
import type { CodePurpose } from '../../db/schema/one-time-codes';
import { AppError } from '../../lib/app-error';
import { maskEmail } from '../../lib/mask-email';
import { buildCodeMail } from '../mail/mail-layout';
import { issueCode } from '../codes/codes.service';
import type { UserRow } from '../../lib/users';

const CODE_MAILS: Record<CodePurpose, { subject: string; purpose: string }> = {
  account_verification: {
    subject: 'Confirm your Karta account',
    purpose: 'confirm your Karta account',
  },
  password_change: {
    subject: 'Your Karta password change code',
    purpose: 'change your Karta password',
  },
  password_reset: {
    subject: 'Reset your Karta password',
    purpose: 'reset your Karta password',
  },
  // Mailed by the staff desk's own invitation mail (it lasts days); listed for completeness.
  staff_invitation: {
    subject: 'You are invited to the Karta console',
    purpose: 'set your Karta password',
  },
};

/** Issues a code for the purpose and mails it. The code exists only in this mail. */
export async function sendCode(ctx: AppContext, user: UserRow, purpose: CodePurpose) {
  const code = await issueCode(ctx, { userId: user.id, purpose });
  const { subject, purpose: purposeText } = CODE_MAILS[purpose];
  try {
    await ctx.mailer.send(
      buildCodeMail({
        to: user.email,
        firstName: user.firstName,
        subject,
        purpose: purposeText,
        code,
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (cause) {
    throw new AppError(
      'UNAVAILABLE',
      'We could not send your code just now. Please try again in a minute.',
      { cause },
    );
  }
}

/** A notice after a security change, so an owner who did not make it finds out. */
export async function sendSecurityNotice(ctx: AppContext, user: UserRow, what: string) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(ctx.clock.now());
  const support = ctx.config.supportEmail;
  const text = `Hello ${user.firstName},\n\n${what} on ${when} (Lagos time).\n\nIf this was you, there is nothing to do. If it was not, contact us now at ${support}.\n\nKarta`;
  const html = `<!doctype html><html lang="en"><body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0F172A"><p><strong style="color:#0B7A4B">karta</strong></p><p>Hello ${user.firstName.replace(/[<>&"']/g, '')},</p><p>${what} on ${when} (Lagos time).</p><p>If this was you, there is nothing to do. If it was not, contact us now at <a href="mailto:${support}">${support}</a>.</p></body></html>`;
  try {
    await ctx.mailer.send({ to: user.email, subject: `Karta: ${what.toLowerCase()}`, text, html });
  } catch (err) {
    ctx.log.error({ err, mailTo: maskEmail(user.email) }, 'security notice could not be sent');
    // A notice is a courtesy: the change itself has already happened and must not be reported
    // as failed because the mail server is down.
  }
}

/**
 * One mail when staff suspend an account (the seller was signed out with no word).
 * Not the staff's reason, which is theirs to keep (it may name a fraud check): what happened,
 * what it stops, and whom to write to. A courtesy like the notice above: a mail server that is
 * down does not undo the suspension.
 */
export async function sendSuspensionMail(ctx: AppContext, user: UserRow) {
  const support = ctx.config.supportEmail;
  const name = user.firstName.replace(/[<>&"']/g, '');
  const lines = [
    'Your Karta account has been suspended by our team, and every device has been signed out.',
    'While it is suspended you cannot sign in, sell cards or withdraw. Payouts already on their way still arrive.',
  ];
  const text = `Hello ${user.firstName},\n\n${lines.join('\n\n')}\n\nTo find out why, or to ask us to lift it, write to ${support}.\n\nKarta`;
  const html = `<!doctype html><html lang="en"><body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0F172A"><p><strong style="color:#0B7A4B">karta</strong></p><p>Hello ${name},</p>${lines.map((line) => `<p>${line}</p>`).join('')}<p>To find out why, or to ask us to lift it, write to <a href="mailto:${support}">${support}</a>.</p></body></html>`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Your Karta account is suspended',
      text,
      html,
    });
  } catch (err) {
    ctx.log.error({ err, mailTo: maskEmail(user.email) }, 'suspension mail could not be sent');
  }
}
