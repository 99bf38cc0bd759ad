/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // The domain (graph/, rest/, openapi/, prisma/) is bundled into the server build from
  // source; npm packages stay external and load from node_modules.
  // Pure-JavaScript packages made of hundreds of small modules are bundled too: loading them one
  // module at a time was a second of every start (docs/getting-started.md, "Starting"). Packages
  // with WebAssembly, native or data files stay external, as does graphql (one copy for all).
  serverDependenciesToBundle: [/^@graphql-tools\//, /^graphql-yoga/, /^@graphql-yoga\//, /^@pothos\//, /^@envelop\//, /^@repeaterjs\//, /^fast-xml-parser/, /^fast-xml-builder/, /^@nodable\//, /^path-expression-matcher/, /^is-unsafe/],
  watchPaths: ['graph/**/*', 'rest/**/*', 'openapi/**/*', 'prisma/*.ts', 'docs/**/*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
