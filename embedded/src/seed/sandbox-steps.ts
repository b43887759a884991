import { pollUntil } from './api-client';

/**
 * What a person would do by hand with the sandbox providers: pay an invoice on the payment sandbox's hosted
 * page, and read a verification code from the SMTP sandbox's message list. Both answer false when the sandbox
 * is not reachable from here (a provider address internal to docker or Kubernetes), so the seed goes on
 * without them and says so.
 */

/** Opens the hosted invoice page and submits its pay form, as the customer's browser does. */
export async function payOnHostedPage(pageUrl: string): Promise<boolean> {
  try {
    const page = new URL(pageUrl);
    const html = await (await fetch(page)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (action === undefined) return false;
    const paid = await fetch(new URL(action, page), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=QRIS',
      redirect: 'manual',
    });
    return paid.status < 400;
  } catch {
    return false;
  }
}

interface SandboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The newest 6-digit code sent to `email`, waiting a little for notifications to send it; undefined if none. */
export async function findVerificationCode(
  messagesUrl: string,
  email: string,
  timeoutMs = 15_000,
): Promise<string | undefined> {
  let code: string | undefined;
  await pollUntil(async () => {
    const messages = await listMessages(messagesUrl);
    if (messages === undefined) return true; // unreachable: waiting longer will not help
    const codes = messages
      .filter((message) => message.to.toLowerCase().includes(email.toLowerCase()))
      // The subject says "verification code" or, in Indonesian, "kode verifikasi".
      .filter((message) => /verif/i.test(message.subject))
      .map((message) => /\b(\d{6})\b/.exec(message.text)?.[1])
      .filter((found): found is string => found !== undefined);
    code = codes.at(-1);
    return code !== undefined;
  }, timeoutMs);
  return code;
}

export async function isReachable(messagesUrl: string): Promise<boolean> {
  return (await listMessages(messagesUrl)) !== undefined;
}

async function listMessages(messagesUrl: string): Promise<SandboxMessage[] | undefined> {
  try {
    const response = await fetch(messagesUrl, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { messages?: SandboxMessage[] };
    return Array.isArray(body.messages) ? body.messages : undefined;
  } catch {
    return undefined;
  }
}
