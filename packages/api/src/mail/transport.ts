import type { Transporter } from 'nodemailer';
import type { MailTransport } from './outbox.ts';

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // nodemailer is loaded at the first message: servers without SMTP never need it (the page-speed
  // review).
  let transporter: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transporter).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/** With no SMTP configured, delivery is into the development mailbox (the outbox row). */
export const mailboxTransport: MailTransport = {
  async send() {},
};
