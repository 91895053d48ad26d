/**
 * What the log keeps of a request. Query strings carry secrets (a letter
 * link's token, a reset link's id and address, a resume link's token), and
 * logs travel further than the database and live longer, so the URL is
 * logged without its query, as `?…` when there was one.
 */
export function requestForLog(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return {
    method: req.method,
    url: query === -1 ? url : `${url.slice(0, query)}?…`,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger's serializers: Fastify uses these in place of its own for every request's log lines. */
export const LOG_SERIALIZERS = { req: requestForLog };
