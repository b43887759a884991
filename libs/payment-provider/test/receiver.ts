import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { CALLBACK_TOKEN_HEADER, type InvoiceCallback } from '../src';

/** A webhook receiver that answers with the statuses it is given, in turn, then 200. */
export async function startReceiver(statuses: number[] = []) {
  const received: { token: string | undefined; body: InvoiceCallback }[] = [];
  const app = express();
  app.use(express.json());
  app.post('/hook', (req, res) => {
    received.push({ token: req.headers[CALLBACK_TOKEN_HEADER] as string | undefined, body: req.body });
    res.status(statuses.shift() ?? 200).json({});
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
