import { OTP_TTL_SECONDS } from '@karta/shared/constants';
import type { MailMessage } from '../../adapters/mail/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Karta's mail frame: the green header, a white card, "Hello <name>," and the content. */
const framed = (firstName: string, content: string) => `<!doctype html>
<html lang="en"><body style="margin:0;background:#F1F5F4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0F172A">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px">
<tr><td style="background:#0B7A4B;border-radius:12px 12px 0 0;padding:16px 24px;color:#ffffff;font-size:22px;font-weight:700">karta</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 12px">Hello ${escapeHtml(firstName)},</p>
${content}
</td></tr></table></td></tr></table></body></html>`;

interface CodeMailOptions {
  to: string;
  firstName: string;
  subject: string;
  /** What the code is for, finishing "Use this code to …". */
  purpose: string;
  code: string;
  supportEmail: string;
}

const CODE_MINUTES = OTP_TTL_SECONDS / 60;

/**
 * A mail that carries a one-time code: Karta's name, the code in large type, how long it lasts,
 * and what to do if the reader did not ask for it. Plain text and HTML say the same thing.
 */
export function buildCodeMail(options: CodeMailOptions): MailMessage {
  const { to, firstName, subject, purpose, code, supportEmail } = options;
  const text = [
    `Hello ${firstName},`,
    '',
    `Use this code to ${purpose}:`,
    '',
    `    ${code}`,
    '',
    `It works once and expires in ${CODE_MINUTES} minutes.`,
    'Karta will never ask you for this code by phone, chat or social media.',
    `If you did not ask for it, you can ignore this mail, or tell us at ${supportEmail}.`,
    '',
    'Karta',
  ].join('\n');
  const html = framed(
    firstName,
    `<p style="margin:0 0 16px">Use this code to ${escapeHtml(purpose)}:</p>
<p style="margin:0 0 16px;font-size:36px;font-weight:700;letter-spacing:8px;font-variant-numeric:tabular-nums;color:#06492D">${code}</p>
<p style="margin:0 0 12px">It works once and expires in <strong>${CODE_MINUTES} minutes</strong>.</p>
<p style="margin:0 0 12px;color:#475569">Karta will never ask you for this code by phone, chat or social media.
If you did not ask for it, you can ignore this mail, or tell us at <a href="mailto:${escapeHtml(supportEmail)}" style="color:#0B7A4B">${escapeHtml(supportEmail)}</a>.</p>
`,
  );
  return { to, subject, text, html };
}

interface NoticeMailOptions {
  to: string;
  firstName: string;
  subject: string;
  /** The news, one paragraph each, plain text. */
  paragraphs: string[];
  /** A figure worth showing large (a credited amount), with its label. */
  highlight?: { label: string; value: string };
  /** Where to look next, absolute. */
  link?: { label: string; url: string };
  supportEmail: string;
}

/**
 * A mail that tells someone what happened to their money or trade: the same frame as the code
 * mail, the news in short paragraphs, an optional figure in large type and a link to act on.
 */
export function buildNoticeMail(options: NoticeMailOptions): MailMessage {
  const { to, firstName, subject, paragraphs, highlight, link, supportEmail } = options;
  const text = [
    `Hello ${firstName},`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(highlight ? [`${highlight.label}: ${highlight.value}`, ''] : []),
    ...(link ? [`${link.label}: ${link.url}`, ''] : []),
    `Questions? Write to us at ${supportEmail}. We answer 24/7.`,
    '',
    'Karta',
  ].join('\n');
  const body = paragraphs
    .map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const figure = highlight
    ? `<p style="margin:0 0 4px;color:#475569">${escapeHtml(highlight.label)}</p>
<p style="margin:0 0 16px;font-size:28px;font-weight:700;font-variant-numeric:tabular-nums;color:#06492D">${escapeHtml(highlight.value)}</p>`
    : '';
  const button = link
    ? `<p style="margin:8px 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#0B7A4B;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:12px">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = framed(
    firstName,
    `${body}
${figure}
${button}
<p style="margin:0;color:#475569">Questions? Write to us at <a href="mailto:${escapeHtml(supportEmail)}" style="color:#0B7A4B">${escapeHtml(supportEmail)}</a>. We answer 24/7.</p>
`,
  );
  return { to, subject, text, html };
}
