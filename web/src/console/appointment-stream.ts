import { api, bearer } from '../api/client';

/** What the stream says: a change of an appointment of the outlet, on these days. */
export interface AppointmentChange {
  appointment_id: string;
  outlet_id: string;
  dates: string[];
}

export type StreamState = 'connecting' | 'live' | 'down';

/** The server sends a heartbeat every 15 s: this long without a byte means the connection is dead. */
const SILENCE_MS = 40_000;
/** Waits between reconnection attempts: doubling from 1 s up to 30 s, back to 1 s once a stream is live. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export interface FollowOptions {
  token: string;
  outletId: string;
  onState(state: StreamState): void;
  onChange(change: AppointmentChange): void;
  /** The token was refused (401): following stops. */
  onRefused(response: Response): void;
}

/**
 * Follows the outlet's appointment changes over `GET /appointments/stream` until the returned function is called.
 * A fetch with a streamed body rather than EventSource, which cannot send the Authorization header; so the
 * reconnection EventSource would do is done here, with a growing wait.
 */
export function followAppointmentChanges(options: FollowOptions): () => void {
  const stop = new AbortController();
  void (async () => {
    let wait = FIRST_RETRY_MS;
    while (!stop.signal.aborted) {
      let wasLive = false;
      options.onState('connecting');
      try {
        const { data, response } = await api.GET('/api/v1/appointments/stream', {
          params: { query: { outlet_id: options.outletId } },
          headers: bearer(options.token),
          parseAs: 'stream',
          signal: stop.signal,
        });
        if (response.status === 401) return options.onRefused(response);
        if (data) {
          await readEvents(data, stop.signal, (name, payload) => {
            if (name === 'ready') {
              wasLive = true;
              options.onState('live');
            } else if (name === 'appointment') {
              options.onChange(JSON.parse(payload) as AppointmentChange);
            }
          });
        }
      } catch {
        // A network error or a dead connection: reconnect below.
      }
      if (stop.signal.aborted) return;
      options.onState('down');
      if (wasLive) wait = FIRST_RETRY_MS;
      await pause(wait, stop.signal);
      wait = Math.min(wait * 2, LAST_RETRY_MS);
    }
  })();
  return () => stop.abort();
}

/**
 * Reads `text/event-stream` blocks (`event:` and `data:` lines, a blank line ends one; `:` lines are comments)
 * until the stream ends, is stopped, or stays silent longer than the heartbeat allows.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  stop: AbortSignal,
  onEvent: (name: string, data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let silence: ReturnType<typeof setTimeout> | undefined;
  const quiet = () => {
    clearTimeout(silence);
    silence = setTimeout(() => void reader.cancel(), SILENCE_MS);
  };
  const cancel = () => void reader.cancel();
  stop.addEventListener('abort', cancel);
  let buffer = '';
  try {
    quiet();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      quiet();
      buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n?/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length > 0) onEvent(name, data.join('\n'));
      }
    }
  } finally {
    clearTimeout(silence);
    stop.removeEventListener('abort', cancel);
  }
}

const pause = (ms: number, stop: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stop.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
