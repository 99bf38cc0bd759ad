// Moved to graph/kit/selection.ts: the domain renders event payloads with the same selections as the routes.
export * from '../graph/kit/selection.ts';
