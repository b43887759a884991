import { Router, type RequestHandler } from 'express';
// The package's main module loads the whole Swagger UI bundle; only its folder is needed here.
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import { API_PREFIX } from './routes';

const DOCS = `${API_PREFIX}/docs`;

// Served locally from swagger-ui-dist: no CDN, and no inline script (the page runs under helmet's CSP).
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Salon platform API reference</title>
    <link rel="icon" type="image/png" href="${DOCS}/favicon-32x32.png" />
    <link rel="stylesheet" href="${DOCS}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS}/swagger-ui-bundle.js"></script>
    <script src="${DOCS}/init.js"></script>
  </body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '${API_PREFIX}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;

const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];

/**
 * `GET /api/v1/openapi.json` and `GET /api/v1/docs` (Swagger UI). `limitPublic` applies the public area's
 * rate limit to the document and the page; the static assets are not counted.
 */
export function docsRouter(document: object, limitPublic: RequestHandler): Router {
  const router = Router();
  const body = JSON.stringify(document);
  const root = getAbsoluteFSPath();

  router.get(`${API_PREFIX}/openapi.json`, limitPublic, (_req, res) => {
    res.type('application/json').send(body);
  });
  router.get(DOCS, limitPublic, (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get(`${DOCS}/init.js`, (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  for (const asset of ASSETS) {
    router.get(`${DOCS}/${asset}`, (_req, res) => {
      res.sendFile(asset, { root, maxAge: '1d' });
    });
  }
  return router;
}
