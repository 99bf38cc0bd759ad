// An operation's role slots as assembled pages write them (docs/decisions/019-assembled-pages.md).
import { assembled, column } from '../assembled/shapes.ts';

assembled('OperationHandler', {
  table: 'operation_handlers',
  fields: { id: column('id'), role: { value: (row) => `lower(${row}.role::text)` }, business_role: column('role') },
});
