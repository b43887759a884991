import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { notificationsApi } from '@salon/contracts';

/**
 * The parts of the WhatsApp Business Cloud API this platform speaks, shared by the adapter, its sandbox and the
 * status webhook: the template message request and answer, the Graph API error body, the status webhook and
 * its `X-Hub-Signature-256` signature.
 */

export const templateMessageSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().min(1),
  type: z.literal('template'),
  template: z.object({
    name: z.string().min(1),
    language: z.object({ code: z.string().min(2) }),
    components: z
      .array(
        z.object({
          type: z.literal('body'),
          parameters: z.array(z.object({ type: z.literal('text'), text: z.string() })),
        }),
      )
      .default([]),
  }),
  /** Echoed in the status webhooks; we put the notification reference here. */
  biz_opaque_callback_data: z.string().max(512).optional(),
});
export type TemplateMessage = z.infer<typeof templateMessageSchema>;

export interface SendAnswer {
  messaging_product: 'whatsapp';
  contacts: Array<{ input: string; wa_id: string }>;
  messages: Array<{ id: string }>;
}

export interface GraphError {
  error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
}

/**
 * Error codes that sending the same message again would meet again: the number cannot receive it, is not in
 * the test allow-list, or the request or template is wrong. Any other code (rate limits 130429/131056,
 * 131000 "something went wrong", access token errors, codes we do not know) is transient: a needless retry
 * costs one message at most, a wrongly permanent failure loses one.
 */
export const PERMANENT_ERROR_CODES: ReadonlySet<number> = new Set([
  100, // invalid parameter
  131008, // required parameter missing
  131009, // parameter value invalid
  131021, // recipient cannot be the sender
  131026, // message undeliverable (not a WhatsApp number, old client)
  131030, // recipient not in the allowed list (test numbers)
  131051, // unsupported message type
  132000, // template parameter count mismatch
  132001, // template does not exist in this language
  132018, // template parameter formatting
]);

export type StatusWebhook = z.infer<typeof notificationsApi.whatsAppStatusWebhook>;
export type MessageStatus = StatusWebhook['entry'][number]['changes'][number]['value']['statuses'] extends
  (infer S)[] | undefined
  ? S
  : never;

/** `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, as Meta signs webhook deliveries. */
export const signatureOf = (rawBody: Buffer | string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

export function signatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signatureOf(rawBody, appSecret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
