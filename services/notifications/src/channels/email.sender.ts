import nodemailer from 'nodemailer';
import type { ChannelSender } from './channel';

/** E-mail over SMTP (nodemailer); SMTP_URL carries host, port, credentials and smtps:// for implicit TLS. */
export function emailSender(smtpUrl: string, from: string, timeoutMs: number): ChannelSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
        headers: { 'X-Notification-Reference': message.reference },
      });
      return String(info.messageId);
    },
    close() {
      transport.close();
    },
  };
}
