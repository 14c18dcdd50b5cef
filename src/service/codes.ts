/**
 * Short alphabetic codes, which the code list does not carry. Provinces use their ISO 3166-2:PH subdivision
 * code; a province without one (none in 4Q 2023) gets the first three letters of its name.
 */
export const ISO_PROVINCE = new Map<string, string>(
  Object.entries({
    Abra: 'ABR',
    'Agusan del Norte': 'AGN',
    'Agusan del Sur': 'AGS',
    Aklan: 'AKL',
    Albay: 'ALB',
    Antique: 'ANT',
    Apayao: 'APA',
    Aurora: 'AUR',
    Basilan: 'BAS',
    Bataan: 'BAN',
    Batanes: 'BTN',
    Batangas: 'BTG',
    Benguet: 'BEN',
    Biliran: 'BIL',
    Bohol: 'BOH',
    Bukidnon: 'BUK',
    Bulacan: 'BUL',
    Cagayan: 'CAG',
    'Camarines Norte': 'CAN',
    'Camarines Sur': 'CAS',
    Camiguin: 'CAM',
    Capiz: 'CAP',
    Catanduanes: 'CAT',
    Cavite: 'CAV',
    Cebu: 'CEB',
    Cotabato: 'NCO',
    'Davao de Oro': 'COM',
    'Davao del Norte': 'DAV',
    'Davao del Sur': 'DAS',
    'Davao Occidental': 'DVO',
    'Davao Oriental': 'DAO',
    'Dinagat Islands': 'DIN',
    'Eastern Samar': 'EAS',
    Guimaras: 'GUI',
    Ifugao: 'IFU',
    'Ilocos Norte': 'ILN',
    'Ilocos Sur': 'ILS',
    Iloilo: 'ILI',
    Isabela: 'ISA',
    Kalinga: 'KAL',
    'La Union': 'LUN',
    Laguna: 'LAG',
    'Lanao del Norte': 'LAN',
    'Lanao del Sur': 'LAS',
    Leyte: 'LEY',
    'Maguindanao del Norte': 'MGN',
    'Maguindanao del Sur': 'MGS',
    Marinduque: 'MAD',
    Masbate: 'MAS',
    'Misamis Occidental': 'MSC',
    'Misamis Oriental': 'MSR',
    'Mountain Province': 'MOU',
    'Negros Occidental': 'NEC',
    'Negros Oriental': 'NER',
    'Northern Samar': 'NSA',
    'Nueva Ecija': 'NUE',
    'Nueva Vizcaya': 'NUV',
    'Occidental Mindoro': 'MDC',
    'Oriental Mindoro': 'MDR',
    Palawan: 'PLW',
    Pampanga: 'PAM',
    Pangasinan: 'PAN',
    Quezon: 'QUE',
    Quirino: 'QUI',
    Rizal: 'RIZ',
    Romblon: 'ROM',
    Samar: 'WSA',
    Sarangani: 'SAR',
    Siquijor: 'SIG',
    Sorsogon: 'SOR',
    'South Cotabato': 'SCO',
    'Southern Leyte': 'SLE',
    'Sultan Kudarat': 'SUK',
    Sulu: 'SLU',
    'Surigao del Norte': 'SUN',
    'Surigao del Sur': 'SUR',
    Tarlac: 'TAR',
    'Tawi-Tawi': 'TAW',
    Zambales: 'ZMB',
    'Zamboanga del Norte': 'ZAN',
    'Zamboanga del Sur': 'ZAS',
    'Zamboanga Sibugay': 'ZSI',
  }),
);

export function shortCodeOfProvinceName(name: string): string {
  return (
    ISO_PROVINCE.get(name) ??
    name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()
  );
}

/**
 * A region's short code: the acronym the PSA name carries in parentheses when it is one (NCR, CAR, BARMM,
 * NIR), MIMAROPA, otherwise the Roman numeral of its number (Region IV-A → IVA).
 */
export function shortCodeOfRegionName(name: string): string {
  const acronym = name.match(/\(([A-Z]{2,})\)\s*$/)?.[1];
  if (acronym && !/^(CALABARZON|SOCCSKSARGEN)$/.test(acronym)) return acronym;
  const numeral = name.match(/^Region ([IVX]+(?:-[AB])?)\b/)?.[1];
  if (numeral) return numeral.replace('-', '');
  return name
    .split(/\s+/)[0]
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
}
