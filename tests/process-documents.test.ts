import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { baseUrl, client, newCompany, uniq, type TestCompany } from './helpers.ts';

/** Uploads a multipart form to a documents route. */
async function upload(key: string, path_: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }, query = 'locale=en-US') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl()}/api${path_}?${query}`, { method: 'POST', headers: { 'api-key': key }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function download(key: string, path_: string) {
  const res = await fetch(`${baseUrl()}/api${path_}`, { headers: { 'api-key': key } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const uploadDirs = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith('tt-upload-'));

describe('process documents', () => {
  let a: TestCompany;
  let b: TestCompany;
  let A: ReturnType<typeof client>;
  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
    A = client(a.api_key);
  });

  it('uploads by id and by reference code, keeps name, size and type, downloads the same bytes and deletes both ways', async () => {
    const code = uniq('PRC-');
    const P = `/operations/${a.operation.id}/processes`;
    const created = await A.post(P, {
      reference_code: code,
      foreign_trade_shipment: { invoices: [{ number: 'INV-1', emitted_at: '2025-01-01T00:00:00Z', incoterm: 'CIF', items: [{ product_sku: 'A', quantity: '1', shipment_quantity: '1' }] }] },
    });
    const id = created.body.data.id;
    const invoiceId = (await A.get(`${P}/${id}`)).body.data.foreign_trade_shipment.invoices[0].id;
    const bytes = new Uint8Array(randomBytes(300_000)) as Uint8Array<ArrayBuffer>;
    const first = await upload(a.api_key, `${P}/${id}/documents`, { type: 'BILL_OF_LADING', description: 'Original BL', invoice_id: String(invoiceId) }, { name: 'MEDU1234567 ç.pdf', type: 'application/pdf', bytes });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ id: expect.any(Number), type: 'BILL_OF_LADING', original_filename: 'MEDU1234567 ç.pdf', description: 'Original BL', content_type: 'application/pdf', size: 300_000, invoice_id: invoiceId, parent_document_id: null });
    const docId = first.body.data.id;
    const second = await upload(a.api_key, `/operations/${a.operation.id}/processes-by-reference-code/${code}/documents`, { type: 'PACKING_LIST', parent_document_id: String(docId) }, { name: 'pl.txt', type: 'text/plain', bytes: new TextEncoder().encode('packing list') as Uint8Array<ArrayBuffer> });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data).toMatchObject({ type: 'PACKING_LIST', original_filename: 'pl.txt', size: 12, parent_document_id: docId, description: null });
    const listed = (await A.get(`${P}/${id}`)).body.data.documents;
    expect(listed.map((d: any) => d.id)).toEqual([docId, second.body.data.id]);

    const got = await download(a.api_key, `${P}/${id}/documents/${docId}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toContain("filename*=UTF-8''MEDU1234567%20%C3%A7.pdf");
    expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
    const byCode = await download(a.api_key, `/operations/${a.operation.id}/processes-by-reference-code/${code}/documents/${second.body.data.id}`);
    expect(new TextDecoder().decode(byCode.bytes)).toBe('packing list');
    // Another company cannot see, download, upload to or delete it.
    const B = client(b.api_key);
    expect((await download(b.api_key, `${P}/${id}/documents/${docId}`)).status).toBe(404);
    expect((await download(b.api_key, `/operations/${b.operation.id}/processes/${id}/documents/${docId}`)).status).toBe(404);
    expect((await upload(b.api_key, `/operations/${b.operation.id}/processes/${id}/documents`, { type: 'OTHER' }, { name: 'x', type: 'text/plain', bytes: new Uint8Array([1]) })).status).toBe(404);
    expect((await B.del(`/operations/${b.operation.id}/processes/${id}/documents/${docId}`)).status).toBe(404);

    const del = await A.del(`${P}/${id}/documents/${docId}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: docId, type: 'BILL_OF_LADING' });
    expect((await download(a.api_key, `${P}/${id}/documents/${docId}`)).status).toBe(404);
    expect((await A.del(`${P}/${id}/documents/${docId}`)).status).toBe(404);
    const del2 = await A.del(`/operations/${a.operation.id}/processes-by-reference-code/${code}/documents/${second.body.data.id}`);
    expect(del2.status).toBe(200);
    expect((await A.get(`${P}/${id}`)).body.data.documents).toEqual([]);
  });

  it("requires type and file (422), refuses an unknown type (400), another process's invoice or document (422) and a body that is not a form (400)", async () => {
    const P = `/operations/${a.operation.id}/processes`;
    const { body } = await A.post(P, { reference_code: uniq('PRC-') });
    const url = `${P}/${body.data.id}/documents`;
    const file = { name: 'a.txt', type: 'text/plain', bytes: new Uint8Array([65]) };
    const none = await upload(a.api_key, url, { description: 'x' });
    expect(none.status).toBe(422);
    expect(none.body.fields).toEqual([{ name: 'type', message: "can't be blank" }, { name: 'file', message: "can't be blank" }]);
    const badType = await upload(a.api_key, url, { type: 'SELFIE' }, file);
    expect(badType.status).toBe(400);
    expect(badType.body.fields).toEqual([{ name: 'type', message: 'is invalid' }]);
    const badInt = await upload(a.api_key, url, { type: 'OTHER', invoice_id: 'abc' }, file);
    expect(badInt.status).toBe(400);
    expect(badInt.body.fields).toEqual([{ name: 'invoice_id', message: 'is invalid' }]);
    const refs = await upload(a.api_key, url, { type: 'OTHER', invoice_id: '999999999', parent_document_id: '999999999' }, file);
    expect(refs.status).toBe(422);
    expect(refs.body.fields).toEqual([{ name: 'invoice_id', message: 'does not exist' }, { name: 'parent_document_id', message: 'does not exist' }]);
    const asJson = await A.post(url, { type: 'OTHER' });
    expect(asJson.status).toBe(400);
    expect((await upload(a.api_key, `${P}/999999999/documents`, { type: 'OTHER' }, file)).status).toBe(404);
  });

  it('refuses an upload over the size limit with 413 and keeps no partial file', async () => {
    const P = `/operations/${a.operation.id}/processes`;
    const { body } = await A.post(P, { reference_code: uniq('PRC-') });
    const before = new Set(uploadDirs());
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    const res = await upload(a.api_key, `${P}/${body.data.id}/documents`, { type: 'OTHER' }, { name: 'big.bin', type: 'application/octet-stream', bytes: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: [{ name: 'file', message: 'is too large' }] });
    expect((await A.get(`${P}/${body.data.id}`)).body.data.documents).toEqual([]);
    // The refused upload's temporary folder is among those that appeared during it. Other files'
    // uploads share the folder of temporary files and may hold theirs a while (a body dripping
    // until its deadline holds one for 10 s), so every folder that appeared is waited on until
    // it is gone: one that stays is a kept partial file.
    const appeared = uploadDirs().filter((n) => !before.has(n));
    await vi.waitFor(() => expect(uploadDirs().filter((n) => appeared.includes(n))).toEqual([]), { timeout: 30_000, interval: 100 });
    const exactly = await upload(a.api_key, `${P}/${body.data.id}/documents`, { type: 'OTHER' }, { name: 'max.bin', type: 'application/octet-stream', bytes: new Uint8Array(25 * 1024 * 1024) });
    expect(exactly.status).toBe(201);
    expect(exactly.body.data.size).toBe(25 * 1024 * 1024);
  });
  it('keeps a 7,000-character file name as 255 characters with its extension, so the download header stays small', async () => {
    const P = `/operations/${a.operation.id}/processes`;
    const { body } = await A.post(P, { reference_code: uniq('PRC-') });
    const name = `${'é'.repeat(6996)}.pdf`;
    const res = await upload(a.api_key, `${P}/${body.data.id}/documents`, { type: 'OTHER' }, { name, type: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.data.original_filename).toBe(`${'é'.repeat(251)}.pdf`);
    const got = await download(a.api_key, `${P}/${body.data.id}/documents/${res.body.data.id}`);
    expect(got.status).toBe(200);
    const header = got.headers.get('content-disposition')!;
    // 255 characters of at most 4 UTF-8 bytes, each byte 3 characters percent-encoded, beside
    // the ASCII fallback: a few kilobytes at most (docs/security.md, "Downloads").
    expect(header.length).toBeLessThanOrEqual(3400);
    expect(decodeURIComponent(header.split("filename*=UTF-8''")[1])).toBe(res.body.data.original_filename);
  });

  it('stores a file name without its path, control or bidirectional characters and leading dots', async () => {
    const P = `/operations/${a.operation.id}/processes`;
    const { body } = await A.post(P, { reference_code: uniq('PRC-') });
    /**
     * Uploads with the file name in the part's header as RFC 5987 `filename*` (percent-encoded
     * UTF-8): the one way a control character reaches the server (raw, the part is malformed).
     */
    const rawUpload = async (filename: string) => {
      const boundary = `b${randomBytes(8).toString('hex')}`;
      const form =
        `--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\nOTHER\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(filename).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}\r\ncontent-type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`;
      const res = await fetch(`${baseUrl()}/api${P}/${body.data.id}/documents`, {
        method: 'POST',
        headers: { 'api-key': a.api_key, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.from(form, 'utf8'),
      });
      const answer = (await res.json()) as any;
      expect(res.status, JSON.stringify(answer)).toBe(201);
      return answer.data.original_filename as string;
    };
    for (const [sent, stored] of [
      ['../../etc/passwd', 'passwd'],
      ['C:\\Users\\me\\report.pdf', 'report.pdf'],
      ['.htaccess', 'htaccess'],
      ['in\u0007voice\t\u001b[31m1.pdf', 'in_voice_[31m1.pdf'],
      ['invoice\u202efdp.exe', 'invoice_fdp.exe'],
      ['  ...  ', 'file'],
      ['Proforma (1) ção.pdf', 'Proforma (1) ção.pdf'],
    ]) expect(await rawUpload(sent), JSON.stringify(sent)).toBe(stored);
  });
});
