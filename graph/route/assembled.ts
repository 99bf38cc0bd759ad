// Routes and their points as assembled pages write them (docs/decisions/019-assembled-pages.md);
// the resolvers they stand for are in types.ts.
import { assembled, columns, datetimes, ofParent } from '../assembled/shapes.ts';

assembled('RoutePoint', { table: 'route_points', fields: columns('id', 'position', 'route_type', 'name', 'address', 'latitude', 'longitude') });

assembled('Route', {
  table: 'routes',
  fields: {
    ...columns('id', 'name', 'active', 'description'),
    points: { many: 'RoutePoint', where: ofParent('route_id'), orderBy: (p) => `${p}.position, ${p}.id` },
    ...datetimes('inserted_at', 'updated_at'),
  },
});
