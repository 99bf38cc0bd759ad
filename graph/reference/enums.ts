import { BusinessRole, DocumentType, MeasurementUnit } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { registerEnum } from '../schema-helpers/fields.ts';

/** The 19 business roles an actor can hold and an operation handler slot stands for. */
export const BusinessRoleEnum = builder.enumType(BusinessRole, {
  name: 'BusinessRole',
  description: 'Business role of a partner company or of an operation handler slot.',
});

export const DocumentTypeEnum = builder.enumType(DocumentType, {
  name: 'DocumentType',
  description: 'Kind of an official document number: CNPJ, CPF, TIN or an internal code.',
});

export const MeasurementUnitEnum = builder.enumType(MeasurementUnit, {
  name: 'MeasurementUnit',
  description: 'Measurement and package units.',
});

registerEnum('MeasurementUnit', MeasurementUnitEnum);
