/**
 * What the service accepts when a region or province is created (README, "Creation"). The service enforces
 * these; the admin forms check the same before sending, so both read them from here.
 */
export interface CodeRule {
  pattern: RegExp;
  max: number;
  /** The rule in words, to finish "code must be …" or "Use …". */
  words: string;
}

export const NAME_MAX = 200;

export const REGION_CODE: CodeRule = {
  pattern: /^[A-Z][A-Z0-9-]{0,15}$/,
  max: 16,
  words: '1 to 16 letters, digits or hyphens, starting with a letter (like NIR)',
};

export const PROVINCE_CODE: CodeRule = {
  pattern: /^[A-Z][A-Z0-9-]{1,9}$/,
  max: 10,
  words: '2 to 10 letters, digits or hyphens, starting with a letter (like CEB)',
};
