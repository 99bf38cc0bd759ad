// GraphiQL, the in-browser GraphQL editor at GET /graphql (docs/graphql.md, "GraphiQL"): a
// small page that loads GraphiQL's stylesheet, script and editor workers as fingerprinted,
// compressed, cached files (scripts/build-site.ts), and asks for the API key the editor
// sends. The key stays in the browser tab (sessionStorage) and goes only to this origin.
import { graphiqlAssetUrls } from '~/docs/site.server';

/** Where the page keeps the key for this tab. */
const KEY_ITEM = 'tt-graphiql-api-key';

const DEFAULT_QUERY = '{\n  company { id name }\n  products(limit: 5) { total_count data { id code description } }\n}\n';

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Whether a request is a browser asking for the editor rather than a GraphQL GET. */
export function wantsGraphiql(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (new URL(request.url).searchParams.has('query')) return false;
  return (request.headers.get('accept') ?? '').includes('text/html');
}

/** The editor's page. */
export function graphiqlResponse(): Response {
  const assets = graphiqlAssetUrls();
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL · Trade tracking platform</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${assets.css}">
<style>
  html, body { height: 100%; margin: 0; }
  body { display: flex; flex-direction: column; font: 14px system-ui, sans-serif; }
  .key-bar { display: flex; gap: 8px; align-items: center; padding: 6px 12px; border-bottom: 1px solid #d0d7de; background: #f6f8fa; color: #1f2328; }
  .key-bar input { width: 22em; padding: 3px 6px; font: inherit; }
  .key-bar .state { color: #57606a; }
  .key-bar a { margin-left: auto; color: #0969da; }
  #graphiql { flex: 1; min-height: 0; }
  .key-hint { margin: 24px; max-width: 40em; line-height: 1.5; }
  @media (prefers-color-scheme: dark) { .key-bar { background: #161b22; color: #e6edf3; border-color: #30363d; } .key-bar .state { color: #8d96a0; } .key-bar a { color: #4493f8; } }
</style>
</head>
<body>
<form class="key-bar" id="key-form" aria-label="API key">
  <label for="api-key">API key</label>
  <input id="api-key" name="api-key" type="password" autocomplete="off" spellcheck="false" placeholder="tt_... (sent as the api-key header)">
  <button type="submit">Use key</button>
  <button type="button" id="forget-key">Forget</button>
  <span class="state" id="key-state"></span>
  <a href="/graphql-api">GraphQL guide</a>
</form>
<div id="graphiql"></div>
<script>
  (function () {
    var item = ${scriptJson(KEY_ITEM)};
    var key = sessionStorage.getItem(item) || '';
    document.getElementById('key-state').textContent = key ? 'Key set for this tab.' : 'No key yet: paste yours to run queries.';
    document.getElementById('key-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var value = document.getElementById('api-key').value.trim();
      if (value) { sessionStorage.setItem(item, value); location.reload(); }
    });
    document.getElementById('forget-key').addEventListener('click', function () { sessionStorage.removeItem(item); location.reload(); });
    var workers = ${scriptJson(assets.workers)};
    self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (_id, label) { return workers[label] || workers.editorWorkerService; } };
    window.graphiqlOptions = {
      endpoint: '/graphql',
      title: 'Trade tracking platform GraphQL',
      defaultQuery: ${scriptJson(DEFAULT_QUERY)},
      headers: JSON.stringify({ 'api-key': key }, null, 2),
    };
  })();
</script>
<script src="${assets.js}"></script>
<script>
  // Without a key the editor would fail to read the schema: it starts once one is given.
  if (sessionStorage.getItem(${scriptJson(KEY_ITEM)})) YogaGraphiQL.renderYogaGraphiQL(document.getElementById('graphiql'), window.graphiqlOptions);
  else document.getElementById('graphiql').innerHTML = '<p class="key-hint">Paste your API key above to start: the editor reads the schema and runs queries with it. <a href="/authentication">Where keys come from</a>.</p>';
</script>
</body>
</html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
}
