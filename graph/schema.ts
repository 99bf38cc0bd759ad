import { builder } from './builder.ts';
import './scalars.ts';
import './types/enums.ts';
import './types/operation.ts';
import './types/product.ts';
import './types/reference.ts';

/** The domain schema: every type registered by the imports above. */
export const schema = builder.toSchema({ sortSchema: false });
