// One route of the table (rest/routes/) as an operation of the reference: its parameters, its
// body in the `params` wrapper, its answers and its code samples.
import { isListType, isNonNullType } from 'graphql';
import type { OperationObject } from 'openapi3-ts/oas31';
import { inputLimits } from '../graph/limits/values.ts';
import type { CompiledRoute } from '../rest/match.ts';
import { answerSchemaOf } from './answers.ts';
import { errorRefsOf } from './errors.ts';
import { answerHeaders, parametersOf } from './parameters.ts';
import { codeSamplesOf } from './samples.ts';
import { SchemaRegistry, withLimits } from './schemas.ts';

/** The request body: JSON in `params` (a PUT of one record may leave fields out), or a multipart form. */
function requestBodyOf(route: CompiledRoute, registry: SchemaRegistry): Pick<OperationObject, 'requestBody'> {
  const { def } = route;
  const bodyVar = route.variables.find((v) => v.from === 'body');
  if (!bodyVar) return {};
  const partial = def.method === 'PUT' && route.pathParams.length > 0 && !isListType(isNonNullType(bodyVar.type) ? bodyVar.type.ofType : bodyVar.type);
  const params = withLimits(registry.input(bodyVar.type, partial), bodyVar, inputLimits.batchItems);
  return {
    requestBody: {
      required: true,
      content: def.multipart
        ? { 'multipart/form-data': { schema: registry.input(bodyVar.type), ...(def.example !== undefined ? { example: def.example } : {}) } }
        : {
            'application/json': {
              schema: { type: 'object', required: ['params'], properties: { params } },
              ...(def.example !== undefined ? { example: { params: def.example } } : {}),
            },
          },
    },
  };
}

/** The successful answer: a file, or JSON with its headers. */
function successOf(route: CompiledRoute, registry: SchemaRegistry) {
  const { def } = route;
  if (def.download) {
    return { description: 'The file, with its content type and a content-disposition naming the original file.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  }
  const headers = answerHeaders(route);
  return {
    description: def.status === 201 ? 'Created.' : 'OK.',
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: answerSchemaOf(route, registry) } },
  };
}

/** The operation of a route. */
export function operationOf(route: CompiledRoute, registry: SchemaRegistry): OperationObject {
  const { def } = route;
  const bodyVar = route.variables.find((v) => v.from === 'body');
  // The answer's schemas are registered first, then the parameters' and the body's: components keep that order.
  const success = successOf(route, registry);
  return {
    operationId: def.id,
    tags: [def.tag],
    summary: def.summary,
    description: def.description,
    security: [{ 'api-key': [] }],
    parameters: parametersOf(route, registry),
    ...requestBodyOf(route, registry),
    // Every operation shows its request ready to paste, in the documentation's three languages.
    'x-codeSamples': codeSamplesOf({
      method: def.method,
      path: def.path,
      pathExamples: def.pathExamples ?? {},
      body: bodyVar && !def.multipart ? { params: def.example } : undefined,
      form: bodyVar && def.multipart ? (def.example as Record<string, unknown>) : undefined,
    }),
    responses: { [String(def.status)]: success, ...errorRefsOf(route) },
  };
}
