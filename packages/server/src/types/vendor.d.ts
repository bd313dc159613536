// Packages that ship no types of their own; only what we use is declared.
declare module 'zipcodes' {
  const zipcodes: { codes: Record<string, unknown>; lookup(zip: string): unknown };
  export default zipcodes;
}
