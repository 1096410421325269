/**
 * jsdom has no fetch. This environment lends it Node's (with the matching Request, Response,
 * Headers and AbortController) and sends requests the page makes to its own origin to the
 * test's HTTP server, named by `globalThis.__API_ORIGIN__`. The page's /ws socket goes there
 * too, so it waits on a server the test controls instead of failing and retrying on its own
 * clock (each retry would change the connection state a test has set).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const page = this.global;
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'ReadableStream']) {
      page[name] = globalThis[name];
    }
    page.fetch = async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const target = page.__API_ORIGIN__ && url.origin === page.location.origin ? new URL(url.pathname + url.search, page.__API_ORIGIN__) : url;
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      const headers = new Headers(request.headers);
      headers.set('origin', page.location.origin);
      return fetch(target, { method: request.method, headers, body, signal: request.signal, credentials: request.credentials });
    };
    const PageWebSocket = page.WebSocket;
    page.WebSocket = class RoutedWebSocket extends PageWebSocket {
      constructor(address, protocols) {
        const url = new URL(address, page.location.href);
        if (page.__API_ORIGIN__ && url.host === page.location.host) {
          const origin = new URL(page.__API_ORIGIN__);
          url.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
          url.host = origin.host;
        }
        super(url.href, protocols);
      }
    };
  }
}

module.exports = JsdomWithFetchEnvironment;
