/** Product families the demo data and the benchmark draw from. */
const families = [
  { category: 'Valves', family: 'Industrial', ncm: '84818099', unit: 'BOXES' },
  { category: 'Bearings', family: 'Mechanical', ncm: '84821010', unit: 'PACKAGES' },
  { category: 'Resins', family: 'Chemicals', ncm: '39011010', unit: 'BAGS' },
  { category: 'Coffee', family: 'Food', ncm: '09011110', unit: 'SACKS' },
  { category: 'Cables', family: 'Electrical', ncm: '85444200', unit: 'ROLLS' },
] as const;

/** The `ProductParams` of the i-th made-up product with the given code (demo seed, benchmark); `label` names it in descriptions. */
export function productParams(i: number, code: string, label = code) {
  const f = families[i % families.length];
  return {
    code,
    description: `${f.category} item ${label}`,
    category: f.category,
    family: f.family,
    manufacturer: ['Acme Industrial', 'Vale Verde', 'Nordic Parts'][i % 3],
    mercosul_code: f.ncm,
    package_type: f.unit,
    package_capacity: `${(i % 4) + 1}0.0000`,
    net_weight_per_package: (10 + (i % 100) * 1.5).toFixed(4),
    gross_weight_per_package: (11 + (i % 100) * 1.5).toFixed(4),
    packages_per_pallet: 20 + (i % 5) * 5,
    has_palletization: i % 2 === 0,
    internal_codes: [{ code: `ERP-${100000 + i}`, label: 'ERP' }],
    translated_descriptions: [{ language: 'pt-BR', description: `${f.category} item ${label} (pt)` }],
  };
}
