import { builder } from '../builder.ts';
import { prisma } from '../db.ts';

export const CountryRef = builder.prismaObject('Country', {
  description: 'An ISO 3166-1 country.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Alpha-2 code, e.g. BR.' }),
    iso3: t.exposeString('iso3', { description: 'Alpha-3 code, e.g. BRA.' }),
    name: t.exposeString('name', { description: 'English name.' }),
  }),
});

export const CurrencyRef = builder.prismaObject('Currency', {
  description: 'An ISO 4217 currency.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Code, e.g. USD.' }),
    name: t.exposeString('name', { description: 'English name.' }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'Symbol, e.g. US$.' }),
  }),
});

builder.queryFields((t) => ({
  countries: t.prismaField({
    type: ['Country'],
    description: 'Every ISO 3166-1 country.',
    resolve: (query) => prisma().country.findMany({ ...query, orderBy: { code: 'asc' } }),
  }),
  currencies: t.prismaField({
    type: ['Currency'],
    description: 'Every ISO 4217 currency.',
    resolve: (query) => prisma().currency.findMany({ ...query, orderBy: { code: 'asc' } }),
  }),
}));
