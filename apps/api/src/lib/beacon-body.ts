import type { FastifyInstance } from 'fastify';

/**
 * A closing page's beacon (decisions 072 and 078) sends its JSON body as a string (text/plain,
 * which `navigator.sendBeacon` may send anywhere without a CORS preflight). In the plugin that
 * calls this, and only there, text/plain is read as JSON like application/json.
 */
export function readTextPlainAsJson(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
}
