// The published contract as the property run reads it: the operations of /openapi.json with
// their parameters, body schema and documented answers, and a validator of each answer
// against the schema documented for its status (JSON Schema 2020-12, as OpenAPI 3.1 writes it).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** A JSON Schema as the OpenAPI document writes it. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  maxProperties?: number;
  additionalProperties?: boolean | Schema;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

/** One operation of the contract. */
export interface Operation {
  method: string;
  path: string;
  id: string;
  parameters: Parameter[];
  /** The JSON body's schema (`{ params }`), or null for an operation without one. */
  body: Schema | null;
  /** Whether the body is a multipart upload. */
  multipart: boolean;
  /** Documented statuses. */
  statuses: Set<number>;
}

type Doc = {
  paths: Record<string, Record<string, { operationId: string; parameters?: (Parameter | { $ref: string })[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter>; responses?: Record<string, unknown> };
};

/** The contract of one running app. */
export class Contract {
  readonly operations: Operation[] = [];
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(private readonly doc: Doc) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ ...(doc as object), $id: 'openapi' });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const parameters = (op.parameters ?? []).map((p) => ('$ref' in p ? doc.components.parameters![p.$ref.split('/').pop()!] : p));
        const json = op.requestBody?.content['application/json'];
        this.operations.push({
          method: method.toUpperCase(),
          path,
          id: op.operationId,
          parameters,
          body: json ? json.schema : null,
          multipart: !!op.requestBody?.content['multipart/form-data'],
          statuses: new Set(Object.keys(op.responses).map(Number)),
        });
      }
    }
  }

  static async load(baseUrl: string): Promise<Contract> {
    return new Contract((await (await fetch(`${baseUrl}/openapi.json`)).json()) as Doc);
  }

  /** The schema a `$ref` (or an inline schema) stands for. */
  resolve(s: Schema | undefined): Schema {
    if (!s) return {};
    if (s.$ref) return this.resolve(this.doc.components.schemas[s.$ref.split('/').pop()!]);
    return s;
  }

  /**
   * Problems of one answer against the contract: an undocumented status, or a JSON body that
   * does not match the schema documented for that status. Empty when it conforms.
   */
  check(op: Operation, status: number, body: unknown): string[] {
    if (!op.statuses.has(status)) return [`status ${status} is not documented`];
    const key = `${op.method} ${op.path} ${status}`;
    if (!this.validators.has(key)) this.validators.set(key, this.validatorOf(op, status));
    const validate = this.validators.get(key);
    if (!validate || validate(body)) return [];
    return (validate.errors ?? []).slice(0, 3).map((e) => `body ${e.instancePath || '/'} ${e.message}`);
  }

  /** The validator of an answer's JSON body, following a shared (`$ref`) response; null without a schema. */
  private validatorOf(op: Operation, status: number): ValidateFunction | null {
    type Response = { $ref?: string; content?: Record<string, { schema?: Schema }> };
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    const raw = this.doc.paths[op.path][op.method.toLowerCase()].responses[String(status)] as Response;
    const shared = raw.$ref?.split('/').pop();
    const response = shared ? (this.doc.components.responses![shared] as Response) : raw;
    if (!response.content?.['application/json']?.schema) return null;
    const at = shared ? `components/responses/${shared}` : `paths/${escape(op.path)}/${op.method.toLowerCase()}/responses/${status}`;
    return this.ajv.compile({ $ref: `openapi#/${at}/content/application~1json/schema` });
  }
}
