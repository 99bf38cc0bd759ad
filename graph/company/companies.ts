import { BusinessRole } from '../../prisma/generated/client/enums.ts';
import { newApiKey } from './auth.ts';
import { prisma } from '../db.ts';
import { write as inTransaction } from '../database/transaction.ts';

/** What creating a company prints: the company, its one API key (shown once) and its operation. */
export interface NewCompany {
  company: { id: number; name: string };
  api_key: string;
  operation: { id: number; handlers: { id: number; role: string }[] };
}

/** Creates a company with one API key and one operation holding a handler slot per business role. */
export async function createCompany(name: string): Promise<NewCompany> {
  const trimmed = name.trim();
  if (!trimmed) throw new Error('a company name is required');
  const { prefix, key, secretHash } = newApiKey();
  return inTransaction(async (db) => {
    const company = await db.company.create({ data: { name: trimmed }, select: { id: true, name: true } });
    await db.apiKey.create({ data: { company_id: company.id, prefix, secret_hash: new Uint8Array(secretHash), label: 'default', scopes: ['admin'] } });
    const operation = await db.operation.create({
      data: {
        company_id: company.id,
        name: 'Main operation',
        handlers: { create: Object.values(BusinessRole).map((role) => ({ role })) },
      },
      select: { id: true, handlers: { select: { id: true, role: true }, orderBy: { id: 'asc' } } },
    });
    return {
      company,
      api_key: key,
      operation: { id: operation.id, handlers: operation.handlers.map((h) => ({ id: h.id, role: h.role.toLowerCase() })) },
    };
  });
}

/** How many companies exist; `npm start` seeds a demo company when there are none. */
export function countCompanies(): Promise<number> {
  return prisma().company.count();
}
