/** REST facade bridge: the only way app/ reaches rest/. */
export { handleRest } from '../../rest/router';
export { errorResponse } from '../../rest/errors';
