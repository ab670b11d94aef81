/**
 * The enum lists without zod: the browser's entry chunk (search-param parsing) imports these,
 * and importing them from a schema module would pull the whole of zod into it.
 */
export * from '@bank/db/enums';
