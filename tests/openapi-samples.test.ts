// The request examples of the API reference (x-codeSamples): every operation has them in the
// three languages, and the curl ones work against a running server as written.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newCompany, type TestCompany } from './helpers.ts';

interface Sample {
  lang: string;
  label: string;
  source: string;
}
type Operation = { operationId: string; requestBody?: { content: Record<string, unknown> }; 'x-codeSamples'?: Sample[] };
type Description = { paths: Record<string, Record<string, Operation>> };

const run = promisify(execFile);

describe('the OpenAPI code samples', () => {
  let doc: Description;
  beforeAll(async () => {
    doc = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as Description;
  });

  const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
  const curlOf = (method: string, path: string) => doc.paths[path][method]['x-codeSamples']!.find((s) => s.lang === 'curl')!.source;

  it('gives every operation its request in curl, JavaScript and Python, against the base URL and with the key of their variables', () => {
    expect(operations().length).toBeGreaterThan(50);
    for (const { op } of operations()) {
      const samples = op['x-codeSamples'] ?? [];
      expect(samples.map((s) => [s.lang, s.label]), op.operationId).toEqual([
        ['curl', 'curl'],
        ['JavaScript', 'JavaScript'],
        ['Python', 'Python'],
      ]);
      const [curl, javascript, python] = samples.map((s) => s.source);
      expect(curl, op.operationId).toContain('"$TT/api/');
      expect(javascript, op.operationId).toContain('const TT = process.env.TT;');
      expect(javascript, op.operationId).toContain('await fetch(`${TT}/api/');
      expect(python, op.operationId).toContain('TT = os.environ["TT"]');
      expect(python, op.operationId).toMatch(/requests\.\w+\(\s*f"\{TT\}\/api\//);
      // A JSON body is a literal of the language, not JSON text.
      if (op.requestBody?.content['application/json']) {
        expect(python, op.operationId).toMatch(/json=[{[]/);
        expect(javascript, op.operationId).toMatch(/body: JSON\.stringify\([{[]/);
      }
      for (const s of samples) {
        expect(s.source, `${op.operationId} ${s.lang}`).not.toContain('localhost');
        expect(s.source, `${op.operationId} ${s.lang}`).toContain('TT_API_KEY');
        expect(s.source, `${op.operationId} ${s.lang}`).not.toMatch(/\{(id|code|operation_id|process_id|reference_code)\}/);
      }
      // A JSON body is sent as its example.
      if (op.requestBody?.content['application/json']) expect(samples[0].source, op.operationId).toContain(`-d '{"params":`);
      // An upload sends its fields and a file as multipart/form-data.
      if (op.requestBody?.content['multipart/form-data']) expect(samples[0].source, op.operationId).toContain('-F file=@document.pdf');
    }
  });

  describe('run as written against the server', () => {
    let co: TestCompany;
    beforeAll(async () => {
      co = await newCompany();
    });

    /** Runs a curl sample with the test server as `$TT` and the company's key; answers the status. */
    async function runCurl(source: string): Promise<number> {
      // Only the host and the output change: -s -o -w print the status instead of the answer.
      const command = source.replace(/^curl /, `curl -s -o /dev/null -w '%{http_code}' `);
      const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, TT: baseUrl(), TT_API_KEY: co.api_key } });
      return Number(stdout);
    }

    it('lists, creates and updates products with the curl samples (GET list, POST create, PUT)', async () => {
      expect(await runCurl(curlOf('get', '/products'))).toBe(200);
      // The create sample's product (code PRD-01) is what the update-by-code sample changes.
      expect(await runCurl(curlOf('post', '/products'))).toBe(201);
      expect(await runCurl(curlOf('put', '/products-by-code/{code}'))).toBe(200);
      expect(await runCurl(curlOf('get', '/products-by-code/{code}'))).toBe(200);
      const read = await fetch(`${baseUrl()}/api/products-by-code/PRD-01`, { headers: { 'api-key': co.api_key } });
      expect(((await read.json()) as { data: { description: string } }).data.description).toBe('Stainless steel valve 2" (rev. B)');
      // The batch upsert sends an array of products.
      expect(await runCurl(curlOf('put', '/products'))).toBe(201);
    });
  });
});
