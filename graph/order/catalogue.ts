// Order item fields (docs/orders.md) as catalogue fields (graph/schema-helpers/fields.ts): object
// types, inputs and writes are built from them; balances (docs/orders.md: balance).
import { fieldsOf, type Fields } from '../schema-helpers/fields.ts';
import { addDecimal, subDecimal, zeroLike } from '../decimal.ts';


const commonItem = {
  int: { line_number: 'Line number on your document.' },
  decimal: {
    quantity: 'Quantity ordered, in the units the order counts the product in (pieces unless your documents say otherwise), decimal string.',
    order_unit_value: 'Value of one unit, in the currency `order_currency`, decimal string.',
    order_value: 'Value of the line, in the currency `order_currency`, decimal string.',
    net_weight_kg: 'Net weight in kg, decimal string.',
    gross_weight_kg: 'Gross weight in kg, decimal string.',
    cubage_cubic_meters: 'Volume in cubic meters, decimal string.',
  },
  date: {
    supplier_expected_readiness_at: 'When the supplier expects the goods of the line to be ready.',
    supplier_readiness_at: 'When the goods of the line were ready at the supplier.',
    factory_delivery_expected_at: 'When delivery from the factory is expected.',
    factory_delivery_at: 'When the factory delivered.',
    shipment_planned_boarding_at: 'Planned boarding of the shipment.',
    shipment_planned_arrival_at: 'Planned arrival of the shipment.',
  },
  text: { item_status: 'Status of the line in your system.' },
  currency: { order_currency: 'Currency of the values (ISO 4217).' },
} as const;

export const purchaseItemCatalogue: Fields = {
  ...fieldsOf('int', {
    ...commonItem.int,
    production_lead_time_days: 'Production lead time in days.',
    production_lead_time_days_adjusted: 'Adjusted production lead time in days.',
    transit_lead_time_days: 'Transit lead time in days.',
    transit_lead_time_days_adjusted: 'Adjusted transit lead time in days.',
    total_lead_time_days: 'Total lead time in days.',
    total_lead_time_days_adjusted: 'Adjusted total lead time in days.',
  }),
  ...fieldsOf('text', {
    ...commonItem.text,
    invoice_number: 'Number of the invoice of the line.',
    concession_act: 'Concession act (e.g. drawback) number.',
    measurement_unit_sap: 'Measurement unit as given by SAP.',
    order_modal_type_sap: 'Transport modal as given by SAP.',
    import_type_sap: 'Import type as given by SAP.',
  }),
  ...fieldsOf('decimal', {
    ...commonItem.decimal,
    invoice_quantity: 'Quantity invoiced, in the units of `quantity`, decimal string.',
    invoice_value: 'Value invoiced, in the currency `order_currency`, decimal string.',
    sap_by_factor: 'SAP conversion factor: a ratio, no unit; decimal string.',
  }),
  ...fieldsOf('datetime', {
    ...commonItem.date,
    customs_estimated_at: 'Estimated customs clearance.',
    customs_registered_at: 'When the customs declaration was registered.',
    customs_released_at: 'When customs released the goods.',
    invoice_emitted_at: 'When the invoice was issued.',
  }),
  ...fieldsOf({ reference: 'country' }, {
    purchase_country: 'Country of purchase (ISO 3166-1 alpha-2).',
    manufacturing_country: 'Country of manufacture (ISO 3166-1 alpha-2).',
    dispatching_country: 'Country of dispatch (ISO 3166-1 alpha-2).',
  }),
  ...fieldsOf({ reference: 'currency' }, commonItem.currency),
};

export const salesItemCatalogue: Fields = {
  ...fieldsOf('int', { ...commonItem.int, containers_quantity: 'Number of containers.' }),
  ...fieldsOf('text', {
    ...commonItem.text,
    product_description: 'Description of the product on the sales document.',
    product_mercosul_code: 'NCM of the product on the sales document.',
    dispatch_number: 'Dispatch number.',
    container_equipment_type: 'Equipment type of the containers.',
  }),
  ...fieldsOf('decimal', commonItem.decimal),
  ...fieldsOf('datetime', commonItem.date),
  ...fieldsOf({ reference: 'currency' }, commonItem.currency),
};

export const purchaseOrderDates = fieldsOf('datetime', {
  necessity_date: 'When the goods are needed.',
  supplier_order_sent_at: 'When the order was sent to the supplier.',
  supplier_order_accepted_at: 'When the supplier accepted the order.',
  supplier_expected_readiness_at: 'When the supplier expects the goods to be ready.',
  supplier_readiness_at: 'When the goods were ready.',
});

export const salesOrderDates = fieldsOf('datetime', {
  order_received_at: 'When the customer\'s order was received.',
  order_confirmed_at: 'When the order was confirmed.',
});

/**
 * What balances read of an item: its quantity and what live (not deleted, not canceled)
 * processes ship of it, kept on the row by the write path (graph/order/balance.ts, `shipLines`).
 */
export const shippedSelect = { quantity: true, quantity_shipped: true } as const;

type ShippedRow = { quantity: string | null; quantity_shipped: string };
type Balances = { balance_shipped: string; balance: string | null };

/** Each row's balances, worked out once for its two fields (a page of 100 orders of 10 lines asks 2,000 times). */
const worked = new WeakMap<ShippedRow, Balances>();

/** `balance_shipped` (quantity on shipments) and `balance` (quantity minus that) of an item row. */
export function balances(row: ShippedRow): Balances {
  let found = worked.get(row);
  if (!found) {
    const zero = row.quantity ? zeroLike(row.quantity) : '0';
    const balance_shipped = addDecimal(zero, row.quantity_shipped);
    found = { balance_shipped, balance: row.quantity ? subDecimal(row.quantity, balance_shipped) : null };
    worked.set(row, found);
  }
  return found;
}
