/** A message one of the channel sandboxes received (the shape of their `GET /sandbox/messages`). */
export interface SandboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  reference: string | null;
  /** E-mail: the attached files, as text. */
  attachments?: Array<{ filename: string; content_type: string; content: string }>;
  received_at: string;
}

export type SandboxChannel = 'email' | 'whatsapp' | 'sms' | 'push';

export type PaymentFault = 'none' | 'down' | 'slow' | 'error';

/** Addresses of the sandbox process's listeners. */
export interface SandboxAddresses {
  paymentUrl: string;
  listUrls: Record<SandboxChannel, string>;
}

/**
 * Pays on the payment provider's hosted invoice page (any provider sandbox, embedded or not) as a customer would:
 * opens the page, submits its form. Resolves once the provider has accepted the payment; its callback to the
 * gateway follows asynchronously.
 */
export async function payInvoicePage(pageUrl: string, paymentMethod = 'QRIS'): Promise<void> {
  const page = new URL(pageUrl);
  const html = await (await fetch(page)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No payment form on ${pageUrl}: ${html.slice(0, 300)}`);
  const paid = await fetch(new URL(action, page), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: paymentMethod }).toString(),
    redirect: 'manual',
  });
  if (paid.status >= 400) throw new Error(`Paying ${pageUrl} answered ${paid.status}: ${await paid.text()}`);
}

/**
 * What a customer and an operator do with the provider sandboxes: pay an invoice on the hosted page, read
 * what the e-mail, WhatsApp, SMS and push providers received, and switch the payment provider's faults.
 */
export class SandboxClient {
  constructor(readonly addresses: SandboxAddresses) {}

  /**
   * Pays on the hosted invoice page as a customer would: opens the page, submits its form. Resolves once the
   * provider has accepted the payment; its callback to the gateway follows asynchronously.
   */
  payInvoice(pageUrl: string, paymentMethod = 'QRIS'): Promise<void> {
    return payInvoicePage(pageUrl, paymentMethod);
  }

  /** Every message the channel's sandbox received, oldest first; `to` keeps those for one recipient. */
  async messages(channel: SandboxChannel, to?: string): Promise<SandboxMessage[]> {
    const response = await fetch(this.addresses.listUrls[channel]);
    const { messages } = (await response.json()) as { messages: SandboxMessage[] };
    return to === undefined ? messages : messages.filter((message) => message.to.includes(to));
  }

  /** Has the WhatsApp sandbox send its signed status webhook for one message; resolves to the callback's status. */
  async whatsAppStatus(id: string, status: 'sent' | 'delivered' | 'read' | 'failed'): Promise<number> {
    const response = await fetch(
      this.addresses.listUrls.whatsapp.replace(/\/sandbox\/messages$/, '/sandbox/statuses'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, status }),
      },
    );
    if (!response.ok)
      throw new Error(`WhatsApp sandbox answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { callback_status: number }).callback_status;
  }

  /** `down` drops connections, `slow` holds answers, `error` answers 500, `none` heals. */
  async setPaymentFault(mode: PaymentFault): Promise<void> {
    const response = await fetch(`${this.addresses.paymentUrl}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
    if (response.status !== 200) throw new Error(`Setting fault ${mode} answered ${response.status}`);
  }
}
