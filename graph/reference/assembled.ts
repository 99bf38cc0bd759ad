// Countries and currencies as assembled pages write them (docs/decisions/019-assembled-pages.md).
import { assembled, columns } from '../assembled/shapes.ts';

assembled('Country', { table: 'countries', key: 'code', fields: columns('code', 'iso3', 'name') });
assembled('Currency', { table: 'currencies', key: 'code', fields: columns('code', 'name', 'symbol') });
