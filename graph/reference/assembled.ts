// Countries and currencies as assembled pages write them (docs/decisions/011-assembled-pages.md).
import { assembled, columns } from '../assembled/shapes.ts';

assembled('Country', { table: 'countries', fields: columns('code', 'iso3', 'name') });
assembled('Currency', { table: 'currencies', fields: columns('code', 'name', 'symbol') });
