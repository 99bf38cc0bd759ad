/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // The domain (graph/, rest/, openapi/, prisma/) is bundled into the server build from
  // source; npm packages stay external and load from node_modules.
  watchPaths: ['graph/**/*', 'rest/**/*', 'openapi/**/*', 'prisma/*.ts', 'docs/**/*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
