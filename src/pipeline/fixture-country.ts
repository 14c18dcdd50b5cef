/**
 * The fixture country: the towns most tests read (`npm run data:fixture` builds them, every vintage, into .fixture/,
 * in seconds). A slice of the real sources by the same pipeline (slice.ts), never hand-written: each entry is a
 * code prefix in the boundaries' own list (4Q 2023), a region's, a province's or a town's, with the case it holds.
 * Every province keeps at least one town (the smallest, where none is named here: slice.ts), so the lists of regions
 * and provinces, their paging and the country's map hold every one; a whole province is kept where a test counts
 * its towns.
 *
 * A test that needs another place adds its town here, with the reason; a check that needs the whole country
 * (every unit drawn, totals against PSA's, the geocoder's accuracy) belongs to the country tier instead
 * (docs/testing.md).
 */
import type { Slice } from './slice.ts';

export const FIXTURE_TOWNS: Record<string, string> = {
  // NCR, whole: the districts, Manila's sub-municipalities (its 897 barangays under Tondo, Sampaloc…), Caloocan's
  // Barangay 176 split into 176-A…F after 4Q 2023, Pateros, Makati, Parañaque and Marikina for the geocoder.
  '13': 'National Capital Region',
  // Cebu, whole, and the three highly urbanized cities that lie in it: a province with its 53 towns.
  '07022': 'Cebu',
  '07306': 'City of Cebu (HUC)',
  '07311': 'City of Lapu-Lapu (HUC)',
  '07313': 'City of Mandaue (HUC)',
  '0701201': 'Alburquerque, Bohol',
  '0701202': 'Alicia, Bohol',
  '0701208': 'Bilar, Bohol',
  '0701220': 'Dimiao, Bohol',
  '0701242': 'City of Tagbilaran, Bohol',
  // The Negros Island Region, made from Region VI and VII provinces in 4Q 2024: the older vintages cross-walk to it.
  '06045': 'Negros Occidental, whole',
  '06302': 'City of Bacolod (HUC), lying in Negros Occidental',
  '0704601': 'Amlan, Negros Oriental',
  '0704609': 'Dauin, Negros Oriental (Anahawan renamed Anhawan)',
  '0704610': 'City of Dumaguete, Negros Oriental',
  '07061': 'Siquijor, whole: six towns, 134 barangays',
  '0600614': 'San Remigio, Antique (another San Remigio is in Cebu)',
  '06079': 'Guimaras, whole (its land area against the published one; Jordan, a town named like a country)',
  '06310': 'City of Iloilo (HUC)',
  // Davao City and the towns around the land west of it that no barangay covers.
  '11307': 'City of Davao (HUC), lying in Davao del Sur',
  '1102401': 'Bansalan, Davao del Sur',
  '1102403': 'City of Digos, Davao del Sur (a component city)',
  '1102412': 'Santa Cruz, Davao del Sur',
  '1204704': 'City of Kidapawan, Cotabato',
  '1204706': 'Magpet, Cotabato',
  '1204707': 'Makilala, Cotabato',
  '1204718': 'Arakan, Cotabato',
  '1108201': 'Compostela, Davao de Oro (once Compostela Valley)',
  '1102322': 'Talaingod, Davao del Norte',
  '1206317': 'Tupi, South Cotabato (a barangay new since 4Q 2023)',
  '0102801': 'Adams, Ilocos Norte',
  '0102812': 'City of Laoag, Ilocos Norte',
  '0102934': 'City of Vigan, Ilocos Sur',
  '0205008': 'Dupax del Sur, Nueva Vizcaya',
  '0301413': 'Norzagaray, Bulacan',
  '0305413': 'Mexico, Pampanga (a town named like a country)',
  // San Jose, a name many towns share: these and Batangas'.
  '0306918': 'San Jose, Tarlac',
  '0304926': 'San Jose City, Nueva Ecija',
  '0301420': 'City of San Jose del Monte, Bulacan',
  '0501733': 'San Jose, Camarines Sur',
  '0600613': 'San Jose, Antique',
  '0704617': 'San Jose, Negros Oriental',
  '0804819': 'San Jose, Northern Samar',
  '1608506': 'San Jose, Dinagat Islands',
  '1705110': 'San Jose, Occidental Mindoro',
  '1705914': 'San Jose, Romblon',
  '0304903': 'City of Cabanatuan, Nueva Ecija',
  '04010': 'Batangas, whole: 5 cities and 29 municipalities, populations skewed as a province’s are',
  '0403404': 'City of Cabuyao, Laguna',
  '0403405': 'City of Calamba, Laguna (ZIP 4027)',
  '0403411': 'Los Baños, Laguna',
  '0403428': 'City of Santa Rosa, Laguna',
  '0405813': 'Taytay, Rizal (a town that shares its name with barangays)',
  '0504117': 'Placer, Masbate (Nagarao has no polygon in the source)',
  // Albay: a region is made of it at run time, and one of its towns lent to a created province.
  '0500506': 'City of Legazpi, Albay’s capital',
  '0500516': 'Santo Domingo, Albay',
  // Where the other barangays named Caloocan are: a name's weight in the geocoder is how many places share it.
  '0506212': 'Matnog, Sorsogon',
  '1206306': 'City of Koronadal, South Cotabato',
  '0802614': 'Maslog, Eastern Samar',
  '0908304': 'Imelda, Zamboanga Sibugay (Guintolan moved here from Payao)',
  '0908311': 'Payao, Zamboanga Sibugay',
  '09317': 'City of Zamboanga (HUC)',
  '10018': 'Camiguin, whole (its land area against the published one)',
  '1001301': 'Baungon, Bukidnon',
  '1001306': 'Kadingilan, Bukidnon',
  '1600204': 'Carmen, Agusan del Norte',
  '1606801': 'Barobo, Surigao del Sur (a barangay new since 4Q 2023)',
  '17040': 'Marinduque, whole (its land area against the published one)',
  '1705323': 'Rizal, Palawan',
  '17315': 'City of Puerto Princesa (HUC)',
  '1903617': 'City of Marawi, Lanao del Sur (barangays new since 4Q 2023)',
  '1906601': 'Indanan, Sulu (Sulu left BARMM for Region IX after 4Q 2024)',
  '1906602': 'Jolo, Sulu',
  '19999': 'The Special Geographic Area, whole: no province, its clusters rearranged since 4Q 2023',
  '1400102': 'Boliney, Abra',
  '1400104': 'Bucloc, Abra',
  '1400106': 'Danglas, Abra',
  '1401104': 'Bokod, Benguet',
  '14032': 'Kalinga, whole: the live service’s documented example, with the City of Tabuk',
  '1408101': 'Calanasan, Apayao',
  '14303': 'City of Baguio (HUC)',
};

/** The slice the fixture is built as. */
export const FIXTURE_SLICE: Slice = { prefixes: Object.keys(FIXTURE_TOWNS), everyProvince: true };
