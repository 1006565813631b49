import type { Mailer } from './mailer';

/**
 * Real delivery through any SMTP server named by a URL (smtp:// or smtps://, with credentials).
 * Nodemailer (about 12 MB resident) is loaded here, so only when SMTP_URL is set (decision 045).
 */
export async function createSmtpMailer(
  smtpUrl: string,
  from: string,
): Promise<Mailer & { close(): void }> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => {
      transport.close();
    },
  };
}
