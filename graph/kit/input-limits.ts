// The input limits live in graph/limits/values.ts; this name stays only for the importer in
// graph/process/inputs.ts until it imports graph/limits/values.ts itself.
export { inputLimits } from '../limits/values.ts';
