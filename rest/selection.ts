// Moved to graph/schema-helpers/selection.ts: the domain renders event payloads with the same selections as the routes.
export * from '../graph/schema-helpers/selection.ts';
