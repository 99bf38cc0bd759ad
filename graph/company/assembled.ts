// An operation and its role slots as assembled pages write them (docs/decisions/019-assembled-pages.md).
import { assembled, childrenOf, column, columns } from '../assembled/shapes.ts';

assembled('OperationHandler', {
  table: 'operation_handlers',
  fields: { id: column('id'), role: { value: (row) => `lower(${row}.role::text)` }, business_role: column('role') },
});

assembled('Operation', {
  table: 'operations',
  fields: { ...columns('id', 'name'), handlers: childrenOf('OperationHandler', 'operation_id') },
});
