import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMonth } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Answer = RouterOutputs['statements']['verify'];

/** A file's bytes as base64, in slices (a spread of a large array overflows the stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

function describe(answer: Answer): string {
  if (!answer.valid) return '';
  const statement = answer.statement;
  const what = statement.period
    ? formatMonth(statement.period)
    : `${statement.from} to ${statement.to}`;
  return `${what}, account ending ${statement.accountEnding}${statement.provisional ? ' (to date)' : ''}.`;
}

/** Whether a statement someone holds is one the bank issued, unchanged: its PDF or its digest. */
export function VerifyStatementForm() {
  const verify = trpc.statements.verify.useMutation();
  const [digest, setDigest] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    verify.reset();
    if (!file && digest.trim() === '') {
      setProblem('Choose a statement PDF or enter its digest');
      return;
    }
    try {
      await verify.mutateAsync(file ? { pdf: await base64Of(file) } : { digest: digest.trim() });
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to check the statement'));
    }
  };

  const answer = verify.data;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Every statement carries the SHA-256 digest of its content. Anyone you give one to can
          check it here or at POST /api/v1/statements/verify.
        </Text>
        <Field.Root>
          <Field.Label>Statement PDF</Field.Label>
          <Input
            type="file"
            accept="application/pdf"
            p="1"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Or its digest</Field.Label>
          <Input
            value={digest}
            onChange={(event) => setDigest(event.target.value)}
            fontFamily="mono"
            placeholder="64 hexadecimal characters"
            autoComplete="off"
            spellCheck={false}
          />
        </Field.Root>
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={verify.isPending}
          loadingText="Checking…"
        >
          Check statement
        </Button>
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        {answer?.valid ? (
          <SuccessAlert>
            {answer.message} {describe(answer)}
          </SuccessAlert>
        ) : null}
        {answer && !answer.valid ? <ErrorAlert>{answer.message}</ErrorAlert> : null}
      </Stack>
    </form>
  );
}
