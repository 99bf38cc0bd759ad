// Drivers, vehicles and trailers as assembled pages write them (docs/decisions/019-assembled-pages.md);
// the resolvers they stand for are in types.ts.
import { assembled, columns, datetimes } from '../assembled/shapes.ts';
import { countryField } from '../reference/assembled.ts';

assembled('Driver', {
  table: 'drivers',
  fields: {
    ...columns('id', 'name', 'country_code', 'cpf', 'official_document', 'license_number', 'license_category'),
    country: countryField,
    ...datetimes('birthday', 'license_expiration_date', 'inserted_at', 'updated_at'),
  },
});

assembled('Vehicle', {
  table: 'vehicles',
  fields: {
    ...columns('id', 'type', 'plate', 'is_refrigerated', 'speed_limit_dry', 'speed_limit_wet', 'tare_weight_kg', 'temperature_min', 'temperature_max', 'tracker_brand', 'tracker_id'),
    ...datetimes('inserted_at', 'updated_at'),
  },
});

assembled('Trailer', {
  table: 'trailers',
  fields: { ...columns('id', 'type', 'plate', 'axles', 'is_refrigerated', 'tare_weight_kg', 'max_weight_kg'), ...datetimes('inserted_at', 'updated_at') },
});
