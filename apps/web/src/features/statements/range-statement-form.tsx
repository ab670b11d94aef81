import { statementRangeInput } from '@bank/validators/statements';
import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuDownload } from 'react-icons/lu';

const formatLabels = { pdf: 'PDF', csv: 'CSV (spreadsheet)', json: 'JSON' } as const;
type Format = keyof typeof formatLabels;
const isFormat = (value: string): value is Format => Object.hasOwn(formatLabels, value);

/**
 * A statement for any days: the link downloads it as soon as the dates make sense (the
 * browser saves the file the REST path answers), and says what is wrong until they do.
 */
export function RangeStatementForm({ accounts }: { accounts: readonly string[] }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<Format>('pdf');
  const [account, setAccount] = useState('');
  const id = useId();
  const parsed = statementRangeInput.safeParse({
    from,
    to,
    format,
    ...(account ? { account } : {}),
  });
  const orderError =
    from && to && !parsed.success
      ? parsed.error.issues.find((issue) => issue.path[0] === 'to')?.message
      : undefined;
  const href = parsed.success
    ? `/api/v1/statements/range?${new URLSearchParams({
        from: parsed.data.from,
        to: parsed.data.to,
        format: parsed.data.format,
        ...(parsed.data.account ? { account: parsed.data.account } : {}),
      })}`
    : null;
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        Any days you choose, with the balance they open and close at. Days end at midnight in the
        bank’s time zone.
      </Text>
      <SimpleGrid columns={{ base: 1, md: accounts.length > 1 ? 4 : 3 }} gap="4">
        <Field.Root required>
          <Field.Label>From</Field.Label>
          <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </Field.Root>
        <Field.Root required invalid={Boolean(orderError)}>
          <Field.Label>To</Field.Label>
          <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          {orderError ? <Field.ErrorText>{orderError}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root>
          <Field.Label>Format</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={format}
              onChange={(event) => {
                if (isFormat(event.target.value)) setFormat(event.target.value);
              }}
            >
              {Object.entries(formatLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {accounts.length > 1 ? (
          <Field.Root>
            <Field.Label>Account</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={account}
                onChange={(event) => setAccount(event.target.value)}
              >
                {accounts.map((number, index) => (
                  <option key={number} value={index === 0 ? '' : number}>
                    ••{number.slice(-4)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
      </SimpleGrid>
      {href ? (
        <Button asChild alignSelf="flex-start">
          <a href={href} download>
            <LuDownload aria-hidden="true" /> Download statement
          </a>
        </Button>
      ) : (
        <Stack gap="1" align="flex-start">
          <Button disabled aria-describedby={id}>
            <LuDownload aria-hidden="true" /> Download statement
          </Button>
          <Text id={id} fontSize="sm" color="fg.muted">
            Choose the first and last day.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
