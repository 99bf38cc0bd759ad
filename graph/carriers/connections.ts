// Carrier connections (docs/tracking.md, Connecting a carrier): one per company and SCAC,
// written through the write path. Secrets are encrypted before they are stored and never
// answered; the notification URL names the connection by a random token.
import { randomBytes } from 'node:crypto';
import type { Context } from '../context.ts';
import { FieldErrors, NotFoundError, fieldMessages, formatFieldMessage } from '../errors.ts';
import { markCreated } from '../request/created.ts';
import { write } from '../database/transaction.ts';
import { sharedClient } from '../db.ts';
import { checkTarget } from '../webhooks/targets.ts';
import { encryptSecret } from './secrets.ts';
import { subscribe } from './subscriptions.ts';

/** A connection as sent. */
export interface ConnectionParams {
  protocol?: string | null;
  base_url?: string | null;
  auth_header?: string | null;
  auth_value?: string | null;
  notification_secret?: string | null;
}

export const protocols = ['DCSA_TNT_2'] as const;
const SCAC = /^[A-Z]{2,4}$/;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;


/** The SCAC of a path, or 404 when it cannot be one (a malformed key names no connection). */
export function scacOf(text: string): string {
  const scac = text.trim().toUpperCase();
  if (!SCAC.test(scac)) throw new NotFoundError();
  return scac;
}

/** Validates a connection write (a create when `creating`); throws 422 with every problem. */
async function validate(params: ConnectionParams, creating: boolean): Promise<void> {
  const errors = new FieldErrors();
  if (params.protocol !== undefined || creating) {
    if (!params.protocol) errors.add('protocol', fieldMessages.blank);
    else if (!(protocols as readonly string[]).includes(params.protocol)) errors.add('protocol', fieldMessages.invalid);
  }
  if (params.base_url !== undefined || creating) {
    const url = params.base_url?.trim();
    if (!url) errors.add('base_url', fieldMessages.blank);
    else if (url.length > 2048) errors.add('base_url', formatFieldMessage('tooLong', 2048));
    else {
      const checked = await checkTarget(url);
      if ('problem' in checked) errors.add('base_url', checked.problem === 'invalid' ? fieldMessages.invalid : fieldMessages.refusedTarget);
    }
  }
  if (params.auth_header != null && !HEADER_NAME.test(params.auth_header)) errors.add('auth_header', fieldMessages.invalid);
  if (params.auth_value != null && (params.auth_value.length > 4096 || /[\r\n\0]/.test(params.auth_value))) errors.add('auth_value', fieldMessages.invalid);
  const secret = params.notification_secret;
  if (secret != null && (secret.length > 1024 || !BASE64.test(secret) || Buffer.from(secret, 'base64').length < 16)) errors.add('notification_secret', fieldMessages.invalid);
  errors.throwIfAny();
}

/** Creates or updates the company's connection to `scac`; fields left out of an update are kept. Answers its key. */
export async function putConnection(ctx: Context, scacText: string, params: ConnectionParams) {
  const scac = scacOf(scacText);
  const companyId = ctx.company.id;
  const existing = await sharedClient().carrierConnection.findUnique({ where: { company_id_scac: { company_id: companyId, scac } }, select: { id: true } });
  await validate(params, !existing);
  const data = {
    ...(params.protocol != null ? { protocol: params.protocol as (typeof protocols)[number] } : {}),
    ...(params.base_url != null ? { base_url: params.base_url.trim() } : {}),
    ...(params.auth_header !== undefined ? { auth_header: params.auth_header } : {}),
    ...(params.auth_value !== undefined ? { auth_value_encrypted: params.auth_value == null ? null : encryptSecret(params.auth_value) } : {}),
    ...(params.notification_secret !== undefined
      ? { notification_secret_encrypted: params.notification_secret == null ? null : encryptSecret(params.notification_secret) }
      : {}),
  };
  const { row, created } = await write(async (db) => {
    const found = await db.carrierConnection.findUnique({ where: { company_id_scac: { company_id: companyId, scac } }, select: { id: true } });
    if (found) {
      const row = await db.carrierConnection.update({ where: { company_id_id: { company_id: companyId, id: found.id } }, data, select: { id: true } });
      return { row, created: false };
    }
    const row = await db.carrierConnection.create({
      data: { company_id: companyId, scac, notification_token: `${companyId}.${randomBytes(24).toString('base64url')}`, protocol: 'DCSA_TNT_2', base_url: '', ...data },
      select: { id: true },
    });
    return { row, created: true };
  });
  if (created) markCreated(ctx);
  // A new connection, or a new address or secret: ask the carrier to push (polling goes on regardless).
  if (created || params.base_url != null || params.notification_secret !== undefined || params.auth_value !== undefined) {
    await subscribe(companyId, row.id);
  }
  return { company_id: companyId, id: row.id };
}

/** Deletes the company's connection to `scac` (for good: its credentials are not kept). */
export async function deleteConnection(ctx: Context, scacText: string) {
  const scac = scacOf(scacText);
  return write(async (db) => {
    const row = await db.carrierConnection.findUnique({ where: { company_id_scac: { company_id: ctx.company.id, scac } } });
    if (!row) throw new NotFoundError();
    await db.carrierConnection.delete({ where: { company_id_id: { company_id: ctx.company.id, id: row.id } } });
    return row;
  });
}
