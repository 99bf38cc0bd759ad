import { builder } from '../builder.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';

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

listField({
  model: 'Country',
  field: 'countries',
  what: 'countries',
  description: 'Lists ISO 3166-1 countries (global reference data).',
  key: 'code',
  sortable: ['code', 'iso3', 'name'],
  search: searchColumns(['code', 'iso3', 'name'], 'Case-insensitive substring of code, iso3 or name.'),
  where: () => ({}),
});

listField({
  model: 'Currency',
  field: 'currencies',
  what: 'currencies',
  description: 'Lists ISO 4217 currencies (global reference data).',
  key: 'code',
  sortable: ['code', 'name'],
  search: searchColumns(['code', 'name'], 'Case-insensitive substring of code or name.'),
  where: () => ({}),
});
