// The import rules `npm test` checks (CONTRIBUTING.md, "Layout and direction of dependency"):
// no import cycle, type-only imports included, and dependencies only in the direction
// app -> rest -> graph -> prisma (openapi reads rest and graph; scripts may import anything).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycle', comment: 'A module never imports itself back, however indirectly.', severity: 'error', from: {}, to: { circular: true } },
    { name: 'prisma-below-graph', comment: 'prisma/ is the bottom layer: it imports no project folder above it.', severity: 'error', from: { path: '^prisma/' }, to: { path: '^(app|rest|graph|openapi|scripts)/' } },
    { name: 'graph-below-rest', comment: 'graph/ (the domain) knows nothing of the HTTP facade, the site or the OpenAPI builder.', severity: 'error', from: { path: '^graph/' }, to: { path: '^(app|rest|openapi|scripts)/' } },
    { name: 'rest-below-app', comment: 'rest/ (the facade) knows nothing of the site or the OpenAPI builder.', severity: 'error', from: { path: '^rest/' }, to: { path: '^(app|openapi|scripts)/' } },
    { name: 'openapi-below-app', comment: 'openapi/ reads rest/ and graph/ only.', severity: 'error', from: { path: '^openapi/' }, to: { path: '^(app|scripts)/' } },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|prisma/generated|build|public)/' },
  },
};
