/** "City of San Fernando" → "San Fernando", so a starts-with filter finds cities by their own name. */
export const bareName = (name: string) => name.replace(/^(island garden )?city of /i, '').replace(/ city$/i, '');
