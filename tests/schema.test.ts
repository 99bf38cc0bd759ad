import { readFileSync } from 'node:fs';
import { getNamedType, isEnumType, isInputObjectType, isObjectType, type GraphQLOutputType } from 'graphql';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { schemaDriftSql } from '../prisma/migrate.ts';
import { artifacts } from '../scripts/codegen-artifacts.ts';
import { shipmentObjectsFile, shipmentObjectsSource } from '../scripts/shipment-objects.ts';

describe('committed artifacts', () => {
  it('graph/schema.graphql and rest/operations.graphql match the schema and the route table (run npm run codegen)', async () => {
    const { sdl, operations } = await artifacts();
    expect(readFileSync('graph/schema.graphql', 'utf8')).toBe(sdl);
    expect(readFileSync('rest/operations.graphql', 'utf8')).toBe(operations);
  });

  it('rest/generated/operations.ts is what codegen makes of them (run npm run codegen)', async () => {
    const { default: config } = await import('../scripts/codegen-config.ts');
    const [out] = await generate(config, false);
    expect(readFileSync('rest/generated/operations.ts', 'utf8')).toBe(out.content);
  });

  it('graph/process/shipment/objects.ts is what scripts/shipment-objects.ts writes from the node declarations (run npm run codegen)', () => {
    expect(readFileSync(shipmentObjectsFile, 'utf8')).toBe(shipmentObjectsSource());
  });

  it('prisma/migrations bring a database to exactly prisma/schema (run npm run db:create-migration -- <name>)', async () => {
    expect(await schemaDriftSql()).toBe('');
  });
});

describe('descriptions', () => {
  it('every type, field, argument, input field and enum value of the schema says what it is (GraphiQL and the docs show them)', async () => {
    const { schema } = await import('../graph/schema.ts');
    const silent: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (!type.description) silent.push(type.name);
      if (isEnumType(type)) for (const v of type.getValues()) if (!v.description) silent.push(`${type.name}.${v.name}`);
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) silent.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) if (!arg.description) silent.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    expect(silent).toEqual([]);
  });
});

describe('decimal fields', () => {
  it('say their unit: kg, cubic meters, °C, a currency, a measurement unit, the units of a quantity, or a ratio (docs/index.md, Decimal values)', async () => {
    const { schema } = await import('../graph/schema.ts');
    const unit = /\b(kg|cubic meters|USD|BRL|currency|measurement unit|units? (of|the)|unit `|a ratio, no unit)\b|°C/;
    const silent: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !(isObjectType(type) || isInputObjectType(type))) continue;
      for (const field of Object.values(type.getFields())) {
        if (getNamedType(field.type as GraphQLOutputType).name === 'Decimal' && !unit.test(field.description ?? '')) silent.push(`${type.name}.${field.name}: ${field.description}`);
      }
    }
    expect(silent).toEqual([]);
  });
});
