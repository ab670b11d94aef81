import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  supportMessages,
  ticketCategories,
  ticketInput,
  ticketPriorities,
} from '@bank/validators/support';
import {
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { LuImage, LuUpload, LuX } from 'react-icons/lu';
import { FormField } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { spaced } from './ticket-badges.tsx';
import { UploadFailed, uploadTicket } from './upload.ts';

const accepted = ['image/png', 'image/jpeg', 'image/gif'];

function sizeLabel(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** docs/product.md 2.22: a new ticket with up to five images, sent as multipart with progress. */
export function CreateTicketPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const hintId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useZodForm(ticketInput, {
    subject: '',
    category: undefined,
    priority: 'medium',
    description: '',
  });
  const { errors, isSubmitting } = form.formState;

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const next = [...files, ...chosen];
    if (chosen.some((file) => file.size > MAX_ATTACHMENT_BYTES)) {
      setFileError(supportMessages.fileTooLarge);
      return;
    }
    if (chosen.some((file) => !accepted.includes(file.type))) {
      setFileError(supportMessages.fileType);
      return;
    }
    if (next.length > MAX_ATTACHMENTS) {
      setFileError(supportMessages.tooManyFiles);
      return;
    }
    setFileError(null);
    setFiles(next);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setProgress(0);
    try {
      await uploadTicket({ ...values, files }, setProgress);
      await utils.support.list.invalidate();
      notify({ type: 'success', message: supportMessages.created });
      await navigate({ to: '/support' });
    } catch (error) {
      // docs/product.md 2.22: a failed submission re-enables the form; a refused file says why.
      const fileDetail =
        error instanceof UploadFailed
          ? error.details.find((detail) => detail.field === 'attachments')
          : undefined;
      if (fileDetail) setFileError(fileDetail.message);
      setProgress(null);
    }
  });

  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        Create Support Ticket
      </Heading>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack asChild gap="5">
            <form onSubmit={onSubmit} noValidate>
              <FormField label="Subject" error={errors.subject} required>
                <Input {...form.register('subject')} autoComplete="off" />
              </FormField>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="5">
                <FormField label="Category" error={errors.category} required>
                  <OptionsSelect
                    registration={form.register('category')}
                    options={ticketCategories}
                    labelOf={(category) => spaced(category).replace(/^./, (c) => c.toUpperCase())}
                    placeholder="Select a category"
                  />
                </FormField>
                <FormField label="Priority" error={errors.priority} required>
                  <OptionsSelect
                    registration={form.register('priority')}
                    options={ticketPriorities}
                    labelOf={(priority) => priority.replace(/^./, (c) => c.toUpperCase())}
                  />
                </FormField>
              </Stack>
              <FormField label="Description" error={errors.description} required>
                <Textarea rows={6} {...form.register('description')} />
              </FormField>

              <Field.Root invalid={fileError !== null}>
                <Field.Label htmlFor={fileInputId}>Attachments</Field.Label>
                <Box
                  w="full"
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderRadius="l3"
                  p="5"
                  textAlign="center"
                >
                  <Stack align="center" gap="2">
                    <LuUpload aria-hidden="true" size="24" />
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => fileInput.current?.click()}
                      disabled={isSubmitting || files.length >= MAX_ATTACHMENTS}
                      aria-describedby={hintId}
                    >
                      Choose files
                    </Button>
                    <Text id={hintId} fontSize="sm" color="fg.muted">
                      PNG, JPG, GIF up to 10MB
                    </Text>
                  </Stack>
                  <input
                    id={fileInputId}
                    ref={fileInput}
                    type="file"
                    multiple
                    accept={accepted.join(',')}
                    onChange={addFiles}
                    hidden
                    data-testid="attachments-input"
                  />
                </Box>
                {fileError ? <Field.ErrorText>{fileError}</Field.ErrorText> : null}
                {files.length > 0 ? (
                  <Stack as="ul" gap="2" w="full" m="0" p="0" listStyleType="none" mt="2">
                    {files.map((file, index) => (
                      <HStack
                        as="li"
                        key={`${file.name}-${index}`}
                        borderWidth="1px"
                        borderRadius="l2"
                        px="3"
                        py="1.5"
                        gap="3"
                      >
                        <LuImage aria-hidden="true" />
                        <Text flex="1" truncate fontSize="sm">
                          {file.name}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {sizeLabel(file.size)}
                        </Text>
                        <IconButton
                          variant="ghost"
                          size="xs"
                          aria-label={`Remove ${file.name}`}
                          disabled={isSubmitting}
                          onClick={() => {
                            setFiles(files.filter((_, n) => n !== index));
                            setFileError(null);
                          }}
                        >
                          <LuX />
                        </IconButton>
                      </HStack>
                    ))}
                  </Stack>
                ) : null}
              </Field.Root>

              {progress !== null ? (
                <Progress.Root value={Math.round(progress * 100)} size="sm" colorPalette="brand">
                  <HStack justify="space-between">
                    <Progress.Label fontSize="sm">
                      {progress < 1 ? 'Uploading…' : 'Creating ticket…'}
                    </Progress.Label>
                    <Progress.ValueText fontSize="sm" />
                  </HStack>
                  <Progress.Track mt="1">
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              ) : null}

              <HStack justify="flex-end">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void navigate({ to: '/support' })}
                  disabled={isSubmitting}
                >
                  Cancel
                </Button>
                <Button type="submit" loading={isSubmitting} loadingText="Submitting…">
                  Submit Ticket
                </Button>
              </HStack>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
