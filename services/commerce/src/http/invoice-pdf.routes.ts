import { Router } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import { contextOf, objectId, parseInput } from '@salon/service-kit';
import type { CommerceDeps } from '../domain/deps';
import { invoicePdf } from '../domain/invoice-pdf';

const invoicePath = z.object({ invoice_id: objectId });

/** The invoice PDF behind its secret link: no token, so it opens from a message or a browser. */
export function invoicePdfRoutes(deps: CommerceDeps): Router {
  const router = Router();
  router.get('/public/invoices/:invoice_id/pdf', async (req, res) => {
    const { invoice_id: invoiceId } = parseInput(invoicePath, req.params, 'path');
    const { token } = parseInput(commerceApi.invoicePdfQuery, req.query, 'query');
    const { fileName, pdf } = await invoicePdf(deps, contextOf(req), { invoiceId, token });
    res
      .type('application/pdf')
      .set({
        'Content-Disposition': `inline; filename="${fileName}"`,
        // The status on it changes when the invoice is paid or expires; the link itself is a secret.
        'Cache-Control': 'private, no-cache',
        'Referrer-Policy': 'no-referrer',
      })
      .send(pdf);
  });
  return router;
}
