// Flag state of a vessel from its MMSI: the first three digits are the Maritime
// Identification Digits (ITU MID table). Only the most common flags are listed; others
// stay unknown (null) until static data names them.
const mids: Record<string, number[]> = {
  BR: [710], AR: [701], UY: [770], CL: [725], PE: [760], CO: [730], VE: [775], MX: [345], US: [338, 366, 367, 368, 369], CA: [316],
  PA: [351, 352, 353, 354, 355, 356, 357, 370, 371, 372, 373, 374], LR: [636, 637], MH: [538], BS: [308, 309, 311], MT: [215, 229, 248, 249, 256],
  CY: [209, 210, 212], GR: [237, 239, 240, 241], PT: [255, 263], ES: [224, 225], FR: [226, 227, 228], GB: [232, 233, 234, 235], NL: [244, 245, 246],
  DE: [211, 218], DK: [219, 220], NO: [257, 258, 259], SE: [265, 266], FI: [230], IT: [247], BE: [205], IE: [250], TR: [271], RU: [273],
  HK: [477], SG: [563, 564, 565, 566], CN: [412, 413, 414], JP: [431, 432], KR: [440, 441], TW: [416], IN: [419], ID: [525], MY: [533],
  VN: [574], TH: [567], PH: [548], AU: [503], NZ: [512], ZA: [601], EG: [622], AE: [470, 471], SA: [403], AG: [304, 305], BB: [314],
  BZ: [312], KN: [341], VC: [375, 376, 377], BM: [310], KY: [319], TG: [671], SL: [667], KM: [616], TZ: [674, 677], PW: [511], VU: [576, 577],
  TV: [572], KI: [529], CK: [518], GI: [236],
};
const byMid = new Map(Object.entries(mids).flatMap(([country, list]) => list.map((m) => [String(m), country] as const)));

/** ISO country of a ship station MMSI (MIDxxxxxx), when its MID is listed. */
export function flagOfMmsi(mmsi: string): string | null {
  return /^[2-7]\d{8}$/.test(mmsi) ? (byMid.get(mmsi.slice(0, 3)) ?? null) : null;
}
