import examples from 'libphonenumber-js/examples.mobile.json';
import fullMetadata from 'libphonenumber-js/metadata.min.json';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import libraryPackage from 'libphonenumber-js/package.json';
import { describe, expect, it } from 'vitest';
import { composePhoneNumber, splitPhoneNumber } from './phone-input.tsx';
import { phoneMetadata, phoneMetadataVersion } from './phone-metadata.ts';

describe('phone metadata without formats', () => {
  it('was generated from the installed libphonenumber-js (run scripts/phone-metadata.mjs)', () => {
    expect(phoneMetadataVersion).toBe(libraryPackage.version);
    expect(phoneMetadata.country_calling_codes).toEqual(fullMetadata.country_calling_codes);
    expect(Object.keys(phoneMetadata.countries)).toEqual(Object.keys(fullMetadata.countries));
  });

  it('lists the same countries and calling codes as the full "min" metadata', () => {
    const countries = getCountries();
    expect(Object.keys(phoneMetadata.countries)).toEqual(countries);
    for (const country of countries) {
      expect(composePhoneNumber(country, '1')).toBe(`+${getCountryCallingCode(country)}1`);
    }
  });

  it('splits every example number as the full metadata parses it', () => {
    const countries = Object.keys(examples).filter((code): code is CountryCode =>
      getCountries().some((country) => country === code),
    );
    expect(countries.length).toBeGreaterThan(200);
    for (const country of countries) {
      const national = examples[country];
      const e164 = `+${getCountryCallingCode(country)}${national}`;
      const parsed = parsePhoneNumberFromString(e164);
      const split = splitPhoneNumber(e164);
      if (parsed?.country) {
        expect({ e164, ...split }).toEqual({
          e164,
          country: parsed.country,
          national: parsed.nationalNumber,
        });
      } else {
        expect(composePhoneNumber(split.country, split.national)).toBe(e164);
      }
    }
  });

  it('keeps docs/product.md defaults: empty is the US, a +1 number without a region is the US', () => {
    expect(splitPhoneNumber('')).toEqual({ country: 'US', national: '' });
    expect(splitPhoneNumber('+12015550123')).toEqual({ country: 'US', national: '2015550123' });
    expect(splitPhoneNumber('+447400123456')).toEqual({ country: 'GB', national: '7400123456' });
  });

  it('takes an unassigned number as its calling code’s main country, not the first by name', () => {
    // Ofcom's drama range parses to no region; +44 is the United Kingdom's before Guernsey's.
    expect(splitPhoneNumber('+447700900123')).toEqual({ country: 'GB', national: '7700900123' });
    expect(splitPhoneNumber('+61491570006')).toMatchObject({ country: 'AU' });
  });
});
