/** GraphQL bridge: the only way app/ reaches the yoga instance. */
export { yoga } from '../../graph/yoga';
