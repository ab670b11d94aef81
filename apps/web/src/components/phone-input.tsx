import { Box, Group, Input, InputAddon, NativeSelect, Text } from '@chakra-ui/react';
import {
  type CountryCode,
  getCountryCallingCode as callingCodeOf,
  getCountries as countriesOf,
  parsePhoneNumberFromString as parseWith,
} from 'libphonenumber-js/core';
import { type Ref, useEffect, useId, useMemo, useState } from 'react';
import { LuChevronDown } from 'react-icons/lu';
import { phoneMetadata } from './phone-metadata.ts';

// The "min" metadata without its formatting rules (scripts/phone-metadata.mjs): this input never
// formats a number, and the rules were half of the page's phone code.
const getCountries = () => countriesOf(phoneMetadata);
const getCountryCallingCode = (country: CountryCode) => callingCodeOf(country, phoneMetadata);
const parsePhoneNumberFromString = (value: string) => parseWith(value, phoneMetadata);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

interface CountryOption {
  code: CountryCode;
  name: string;
  callingCode: string;
}

function isCountry(code: string): code is CountryCode {
  return code in phoneMetadata.countries;
}

let cachedCountries: CountryOption[] | null = null;

function countryOption(code: CountryCode): CountryOption {
  return { code, name: regionNames.of(code) ?? code, callingCode: getCountryCallingCode(code) };
}

function countryOptions(): CountryOption[] {
  cachedCountries ??= getCountries()
    .map(countryOption)
    .sort((a, b) => a.name.localeCompare(b.name));
  return cachedCountries;
}

/** One text: a browser keeps an option's text whole, where React's markup splits it. */
function CountryOptionItem({ option }: { option: CountryOption }) {
  return (
    <option
      value={option.code}
    >{`${option.code} – ${option.name} (+${option.callingCode})`}</option>
  );
}

export const DEFAULT_COUNTRY: CountryCode = 'US';

/** The country and national digits of an E.164 value, defaulting to the US. */
export function splitPhoneNumber(value: string): { country: CountryCode; national: string } {
  if (!value) return { country: DEFAULT_COUNTRY, national: '' };
  const parsed = parsePhoneNumberFromString(value);
  if (parsed?.country) return { country: parsed.country, national: parsed.nationalNumber };
  const digits = value.replace(/\D/g, '');
  // Unassigned numbers do not parse: take the longest calling code that prefixes them, and its
  // main country (+1 the US, +44 the United Kingdom, not whichever sharer sorts first).
  const callingCode = Object.keys(phoneMetadata.country_calling_codes)
    .filter((code) => digits.startsWith(code))
    .sort((a, b) => b.length - a.length)[0];
  const main = callingCode ? phoneMetadata.country_calling_codes[callingCode]?.[0] : undefined;
  const country = main && isCountry(main) ? main : DEFAULT_COUNTRY;
  return { country, national: digits.slice(getCountryCallingCode(country).length) };
}

/** '+' and the calling code, then the national digits: '+15551234567'. Empty stays empty. */
export function composePhoneNumber(country: CountryCode, national: string): string {
  const digits = national.replace(/\D/g, '');
  return digits ? `+${getCountryCallingCode(country)}${digits}` : '';
}

/**
 * docs/product.md 2.4: an international phone input. The country picker sets the calling code,
 * which is shown but not editable; the value is the E.164 number.
 */
export function PhoneInput(props: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  // Its own id: inside a Field, the field's id (and so its label) belongs to the number input.
  const countryId = useId();
  const initial = useMemo(() => splitPhoneNumber(props.value), [props.value]);
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const prefix = `+${getCountryCallingCode(country)}`;
  const national = props.value.startsWith(prefix)
    ? props.value.slice(prefix.length)
    : initial.national;
  // The countries' names come from the engine's own tables (Intl.DisplayNames), which differ
  // between node and browsers ('Hong Kong SAR China', 'Hong Kong'): the page drawn at build time
  // holds the chosen country alone, and the list follows once the app has taken the page over.
  const [listed, setListed] = useState(false);
  useEffect(() => setListed(true), []);
  const options = listed ? countryOptions() : [countryOption(country)];
  return (
    <Group attached w="full">
      {/*
        The closed picker shows the country's code alone ('US'): a select shows its option's
        whole text, cut to 'US – U' on a phone. The select itself lies over the code, unseen,
        so the pointer, the keyboard and screen readers use it as ever; its list keeps the names.
      */}
      <Box
        position="relative"
        flexShrink="0"
        display="flex"
        alignItems="center"
        gap="1"
        px="3"
        h="10"
        borderWidth="1px"
        borderColor="border"
        borderStartRadius="l2"
        fontSize="sm"
        _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      >
        <Text as="span" aria-hidden="true" fontWeight="medium">
          {country}
        </Text>
        <LuChevronDown aria-hidden="true" size="14" />
        <NativeSelect.Root position="absolute" inset="0" width="full" height="full">
          <NativeSelect.Field
            id={countryId}
            aria-label="Country"
            value={country}
            onChange={(event) => {
              const next = options.find((option) => option.code === event.target.value);
              if (!next) return;
              setCountry(next.code);
              props.onChange(composePhoneNumber(next.code, national));
            }}
            opacity="0"
            height="full"
            cursor="pointer"
          >
            {options.map((option) => (
              <CountryOptionItem key={option.code} option={option} />
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Box>
      <InputAddon aria-hidden="true" px="2" minW="12" justifyContent="center">
        +{getCountryCallingCode(country)}
      </InputAddon>
      <Input
        ref={props.ref}
        name={props.name}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={national}
        onChange={(event) => props.onChange(composePhoneNumber(country, event.target.value))}
        onBlur={props.onBlur}
        placeholder="555 123 4567"
      />
    </Group>
  );
}
