/**
 * Addresses written by people in public repositories that name places in ways the geocoder once misread: an
 * honorific abbreviated inside a town's name, province initials and short forms, a town named with a province
 * it is not in, a city's nickname, a misspelled province. `scripts/build-eval-sets.ts` writes them to
 * names-addresses.csv (each row's id is `names-` and its place in this list, so a line keeps its id, and its half,
 * when lines are added after it).
 *
 * Each is copied as written, a few words of a larger file (a form's saved row, a seed list, a branch or station
 * list, a page's contact line); placeholders ("e.g. …") were left out. The answer (the town, and the barangay where
 * the text names one that the code list has) was read from the text by hand against the PSGC list, 2Q 2025 codes;
 * every one is the only unit the words can mean. A barangay the list writes otherwise (Fort Magsaysay is "Bo.
 * Militar") is left out: the row asks the class's question, the town.
 *
 * Two batches:
 * - `tuning` (the first 37): found with the code-search index's exact-string search (`found`, the file's id there)
 *   and read while the geocoder's rules for these classes were written, so none of them is unseen. The index does
 *   not say which repository a file is in; 5 of its files (6 lines) were traced afterwards to a repository, commit
 *   and path that hold the line (4 of them the very file the index holds, to the character; the church directory
 *   a later version of it), the other 31 lines keep only the id.
 * - `after`: found after those rules were written, each in a repository read at a pinned commit (`source`), and not
 *   run through the geocoder before the list was fixed. Their half (`half(id)`, scripts/eval-set.ts) decides which
 *   are tuned on and which are held out.
 */

export type NameClass = 'honorific' | 'initials' | 'wrong province' | 'nickname' | 'misspelled province';

/** A file of a public repository at a commit, and the licence its repository states. */
export interface Source {
  repo: string;
  commit: string;
  path: string;
  licence: string;
}

export interface NameCase {
  address: string;
  town_psgc: string;
  barangay_psgc: string;
  class: NameClass;
  /** 'tuning': read while the geocoder's rules were written; 'after': found after, not looked at with the geocoder. */
  batch: 'tuning' | 'after';
  /** The file's id in the code-search index where the line was found, or '' (found by reading a fetched repository). */
  found: string;
  /** Where the line is: a repository at a commit. Null where the index's file could not be traced. */
  source: Source | null;
}

const NONE = 'none stated';
const src = (repo: string, commit: string, path: string, licence = NONE): Source => ({ repo, commit, path, licence });

/** The index files of the first batch traced to their repository (the line is in the file at that commit). */
const TRACED: Record<string, Source> = {
  '56012693274': src(
    'jlymidevs/JLYCC-Website',
    '829d416849aa1da88d4bd77928689ee902164a05',
    'components/sections/ChurchDirectory.tsx',
  ),
  '15332652551': src('Mirai2699/YAVATAN2', '6caa7836a6c933d60dc43a2b369c9d1856888ba4', 'db/yavatan_2 [5-28-19].sql'),
  '7966987253': src('JohnKennethLopez/CGMweb', 'ccb54d3237e802c2f7487dd7efb85d5616118c8f', 'program.php'),
  '12115703524': src('da4kinfoteam-sudo/4K-Information-System', '46d0a31b560a40b7be03ed6fdbe73e41c46320cf', 'App.tsx'),
  '28380264876': src('Michel1080/PlanetSurvey', '3f0f3846771ee43848bdc7ddea85ae62e9f5b1e7', 'dashboard.php'),
};

const c = (cls: NameClass, address: string, town: string, barangay: string, found: string): NameCase => ({
  address,
  town_psgc: town,
  barangay_psgc: barangay,
  class: cls,
  batch: 'tuning',
  found,
  source: TRACED[found] ?? null,
});

const n = (cls: NameClass, address: string, town: string, barangay: string, source: Source, found = ''): NameCase => ({
  address,
  town_psgc: town,
  barangay_psgc: barangay,
  class: cls,
  batch: 'after',
  found,
  source,
});

// The repositories the second batch was read from, each at the commit read.
const PRYCE = 'rumrum28/pryce-mobile@b048ad5d5a8467f148c4f1dcc4c5867150fbe114';
const LRWC = src(
  'Merc06/Dashboard-System',
  'e14707516872227c5b19b2df90d10fcfa9f60758',
  'database/lrwc_app.sql',
  'MIT (LICENSE.md)',
);
const ACCRETIO = (path: string) =>
  src('Accretio-Admin/cistaticweb', '87dd40ff4c48ea54d7ad8412c365f885a9cc7d8a', path, 'Apache-2.0 (license.txt)');
const HUBS = ACCRETIO('application/models/Activities_model.php');
const PAYOUT = ACCRETIO('application/views/remittance/ecash_payout/.svn/text-base/ecash_payout_center.php.svn-base');
const RAKJR = src('Ipswich38/rakjrtest', '410555ae59e9c4b76936735dd08a355481bd4806', 'src/data/projectLibraryData.ts');
const LYDO = src(
  'tagoloanlydo-ux/tagoloan-lydo-scholarship',
  '5f7e18268754568916fd8391ecef3c6f0b83c56a',
  'database/db_lydoscholarship.sql',
  'MIT (LICENSE)',
);
const SANTIENZ = src(
  'santienzphilsincweb/santienzphilsinc-nextjs',
  '8a85d73ed44c2cf777bd61861f914dac2db2ee44',
  'components/history.tsx',
);
const GPS = src('aylabyuk/gps_server', 'f5e849be0a012fde0607aaf8b8e50701b0d581a1', 'gpsdb_rev.sql');
const pryce = (path: string) => {
  const [repo, commit] = PRYCE.split('@');
  return src(repo, commit, path);
};

export const NAME_CASES: NameCase[] = [
  // ---- Read while the rules were written (batch 'tuning')
  // Honorifics abbreviated inside a town's name
  c('honorific', 'Swa D, Poblacion Elizalde, Pres. Roxas, Capiz', '0601913000', '', '56012693274'),
  c('honorific', 'Sitio Macaingalan, Gen. Nakar, Quezon', '0405617000', '', '12115703524'),
  c('honorific', 'Sen. Ninoy Aquino, Sultan Kudarat', '1206512000', '', '15332652551'),
  c('honorific', 'President Quirino, Sultan Kudarat', '1206510000', '', '15332652551'),
  c('honorific', 'Adia Bitago, Gen. Nakar', '0405617000', '', '28380264876'),
  c('honorific', 'CGM Gen. Tinio, Nueva Ecija', '0304910000', '', '7966987253'),
  c('honorific', 'Gulod st., brgy San Pedro, Gen Tinio, Nueva Ecjia', '0304910000', '0304910006', '41357095177'),
  // Province initials and short forms
  c('initials', 'San Jose City, N.E., PHL.', '0304926000', '', '59685244199'),
  c('initials', 'San Jose City, N.E., Philippines', '0304926000', '', '6780001891'),
  c('initials', '615 Zone 4, San Jose City, N.E.', '0304926000', '', '55707552296'),
  c('initials', 'San Lorenzo, Gapan City, N.E.', '0304908000', '0304908010', '40051655113'),
  c('initials', 'Caridad, Cabanatuan City, N.E.', '0304903000', '0304903096', '30854111752'),
  c('initials', 'NAPOLAN, PAGADIAN CITY, ZDS', '0907322000', '0907322035', '39166841795'),
  c('initials', 'SAN ROQUE STA ANA PAM., STA ANA PAM., PAMPANGGA', '0305419000', '0305419010', '84786712'),
  // A city's nickname after a barangay or street
  c('nickname', 'Brgy. Kauswagan, CDO', '1030500000', '1030500052', '31425839813'),
  c('nickname', 'Brgy. 14, CDO', '1030500000', '1030500010', '70084596684'),
  c('nickname', 'Gaabacuyan St., Corrales Ex, CDO', '1030500000', '', '7982993649'),
  c('nickname', 'Divisoria, CDO', '1030500000', '', '52527672308'),
  c('nickname', '123 Rizal St, CDO', '1030500000', '', '66473547384'),
  c('nickname', '45th 21st Bldg. 02 St. Nazareth, CDO', '1030500000', '1030500058', '53862329287'),
  c('nickname', 'National Highway, Lagao, Gensan City', '1230800000', '1230800011', '35199405538'),
  c('nickname', 'Barangay Lagao, Gensan City', '1230800000', '1230800011', '253537179'),
  c('nickname', 'Barangay Calumpang, Gensan City', '1230800000', '1230800033', '253537179'),
  c('nickname', 'Brgy. Calumpang, Gensan City', '1230800000', '1230800033', '23104904581'),
  c('nickname', '482 Lim Street, Gensan City', '1230800000', '', '34066359276'),
  c('nickname', '55 General Santos Highway, GenSan City', '1230800000', '', '68853261072'),
  // A town that exists in one province, named with another
  c('wrong province', 'Tagaytay City, Batangas', '0402119000', '', '24474103402'),
  c('wrong province', 'Tagaytay, Batangas', '0402119000', '', '17484988602'),
  c('wrong province', 'Hello wortld street, Antipolo, Laguna 1870, Philippines', '0405802000', '', '71257771149'),
  // A misspelled province
  c('misspelled province', 'Apalit,Pampangga', '0305402000', '', '39193647484'),
  c('misspelled province', 'Angeles City, Pampangga', '0330100000', '', '6917896305'),
  c(
    'misspelled province',
    'Ground Level, SM Pampanga, San Fernando, Pampangga, 2000 Pampanga',
    '0305416000',
    '',
    '19340590095',
  ),
  c('misspelled province', 'Santa Rosa Neuva Ecija', '0304928000', '', '25118551923'),
  c('misspelled province', 'Cabiao Nueva Ecjia', '0304904000', '', '66813507142'),
  c('misspelled province', 'Gapan Nueva Ecjia', '0304908000', '', '33146439389'),
  c(
    'misspelled province',
    'MABINI ST., QUEZON DISTRICT(POB), CABANATUAN CITY, NUEVA ECJIA',
    '0304903000',
    '0304903065',
    '66400843691',
  ),
  c('misspelled province', 'Cabanatuan, Nueva Ecjia Branch', '0304903000', '', '33338933413'),

  // ---- Found after the rules were written (batch 'after'); the geocoder was not run on them before this list was fixed
  // Honorifics
  n(
    'honorific',
    'Lot 8 D1 of Stateland Industrial Estate, Brgy. Manggahan, Gen. Trias, Cavite',
    '0402108000',
    '0402108015',
    pryce('utils/refillingPlants.ts'),
  ),
  n('honorific', '2/F MSI BLDG., GOVERNORS DRIVE, GEN. TRIAS, CAVITE', '0402108000', '', LRWC, '38616862380'),
  n('honorific', 'Tambler, Gen. Santos City', '1230800000', '1230800027', SANTIENZ, '30482835763'),
  n(
    'honorific',
    'Mindanao State University, Tambler Campus, Gen. Santos City',
    '1230800000',
    '1230800027',
    GPS,
    '13369671578',
  ),
  n(
    'honorific',
    'Gen. Luna Elementary School, Gen. Luna, Siargao Island, Surigao del Norte',
    '1606710000',
    '',
    GPS,
    '13369671578',
  ),
  // Province initials and short forms
  n('initials', 'Luguay Hiway, Silay City, Neg. Occ.', '1804526000', '', pryce('utils/refillingPlants.ts')),
  n(
    'initials',
    'Block 2, Lot 17, Providencia Subdivision, Barangay Alijis, Bacolod City, Neg. Occidental',
    '1830200000',
    '1830200002',
    pryce('utils/salesCenters.ts'),
  ),
  n(
    'initials',
    'La Carlota Yunque St. Agora Market, La Carlota City, Negros Occ.',
    '1804516000',
    '',
    HUBS,
    '14470328918',
  ),
  n('initials', 'Fort Magsaysay, Palayan City, N. Ecija', '0304919000', '', RAKJR, '48168159896'),
  n('initials', 'CABIAO NE', '0304904000', '', PAYOUT),
  n('initials', 'SARMIENTO ST. STO. CRISTO, GUIMBA,N.E.', '0304911000', '0304911061', PAYOUT),
  n('initials', 'CADIZ CITY NEG', '1804504000', '', PAYOUT),
  n('initials', 'P-9 SanMartin Villanueva Mis. Or.', '1004326000', '1004326008', LYDO),
  // A city's nickname
  n(
    'nickname',
    '2/F SM Hypermart, Edsa Cor., Main Ave., Brgy. Socorro 3, Cubao Q.C.',
    '1381300000',
    '',
    LRWC,
    '38616862380',
  ),
  n('nickname', 'Tandang Sora Brgy. Tamo, QC.', '1381300000', '', LRWC, '38616862380'),
  n('nickname', 'UMEREZ COMPUND, TUNGKONG MANGGA, SJDM CITY, BULACAN', '0301420000', '0301420011', LRWC, '38616862380'),
  n('nickname', 'Q.C. BALINTAWAK', '1381300000', '', LRWC, '38616862380'),
  n('nickname', 'Blk 6 L01 San Lorenzo Ruiz, Dbbe Cavite, Dasma', '0402106000', '', HUBS, '14470328918'),
  n('nickname', 'Brg. Sto Cristo, CSJDM, Bulacan', '0301420000', '0301420009', RAKJR, '48168159896'),
  // A town that exists in one province, named with another
  n('wrong province', 'BAIS NEGROS OCCIDENTAL', '1804604000', '', PAYOUT),
  n('wrong province', 'BAYAWAN NEGROS OCCIDENTAL', '1804606000', '', PAYOUT),
  n('wrong province', 'BORONGAN SAMAR', '0802604000', '', PAYOUT),
  n('wrong province', 'Brgy. Tadoc, Abuyog, Southern Leyte', '0803701000', '0803701056', GPS, '13369671578'),
  n('wrong province', 'Balangiga Central Elementary School, Balangiga, Samar', '0802602000', '', GPS, '13369671578'),
  n(
    'wrong province',
    '[Auxiliary LEB2] Pier Site, Poblacion del Sur, Villaba, Southern Leyte',
    '0803751000',
    '',
    GPS,
    '13369671578',
  ),
  n(
    'wrong province',
    'Iligan City National High School Field, Iligan, Misamis Oriental',
    '1030900000',
    '',
    GPS,
    '13369671578',
  ),
  // A misspelled province
  n('misspelled province', 'KIDAPAWAN CITY NORTH COTABATOM', '1204704000', '', PAYOUT),
  n(
    'misspelled province',
    'Kidapawan COty Pilot School, Kidapawan City, Cotabatao',
    '1204704000',
    '',
    GPS,
    '13369671578',
  ),
  n('misspelled province', 'Kiamba National High School, Kiamba, Saranggani', '1208003000', '', GPS, '13369671578'),
  n('misspelled province', 'Pantabangan Dam, Nueva Ejica', '0304920000', '', GPS, '13369671578'),
  n(
    'misspelled province',
    'Private land Brgy. Calaanan, Bongabon, Nueva Ejica',
    '0304902000',
    '0304902004',
    GPS,
    '13369671578',
  ),
  n('misspelled province', 'Rotonda Area, Pagadian City, Zambonga Del Sur', '0907322000', '', GPS, '13369671578'),
];
