import {
  collateralTypes,
  employmentStatuses,
  type LoanApplicationInput,
  loanApplicationInput,
  loanTypes,
} from '@bank/validators/loans';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Grid,
  Heading,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Controller, type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { LuArrowLeft } from 'react-icons/lu';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { DollarInput } from '../../components/dollar-input.tsx';
import { FormField, SubmitButton } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { OfferPanel, useLiveOffer } from './loan-offer-panel.tsx';

type LoanType = (typeof loanTypes)[number];
type ApplicationValues = z.input<typeof loanApplicationInput>;

type FieldProps = { label: string; error?: FieldError; registration: UseFormRegisterReturn };

function SelectField(props: FieldProps & { placeholder: string; options: readonly string[] }) {
  return (
    <FormField label={props.label} error={props.error} required>
      <OptionsSelect
        registration={props.registration}
        options={props.options}
        labelOf={(option) => humanize(option.replaceAll('-', ' '))}
        placeholder={props.placeholder}
      />
    </FormField>
  );
}

/** A section of the application: its heading, then a choice and an amount in dollars. */
function ChoiceAndAmount(props: {
  heading: string;
  choice: FieldProps & { options: readonly string[] };
  amount: FieldProps;
}) {
  const { amount } = props;
  return (
    <>
      <Heading as="h2" size="md" pt="2">
        {props.heading}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField placeholder="Choose one" {...props.choice} />
        <FormField label={amount.label} error={amount.error} required>
          <DollarInput registration={amount.registration} />
        </FormField>
      </SimpleGrid>
    </>
  );
}

/** The fields of an application, for a new one or the owner's edit of a pending one. */
function formDefaults(
  loan: RouterOutputs['loans']['byId'] | undefined,
  type: LoanType | undefined,
) {
  if (!loan) return { purpose: '', existingLoans: false, ...(type ? { type } : {}) };
  return {
    type: loan.type,
    amount: loan.amount,
    term: loan.term,
    purpose: loan.purpose,
    employmentStatus: loan.employmentStatus,
    monthlyIncome: loan.monthlyIncome,
    existingLoans: loan.existingLoans,
    collateral: loan.collateral,
  };
}

function BackButton() {
  const router = useRouter();
  return (
    <Button
      variant="plain"
      size="sm"
      px="0"
      h="auto"
      color="brand.fg"
      alignSelf="flex-start"
      onClick={() => router.history.back()}
    >
      <LuArrowLeft aria-hidden="true" /> Back
    </Button>
  );
}

/**
 * docs/product.md 2.20: the application, with the offer recalculated live; `type` preselects the
 * loan type, and `id` edits a pending application of the customer's.
 */
export function LoanApplyPage(props: { type?: LoanType; loanId?: string }) {
  const existing = trpc.loans.byId.useQuery(
    { id: props.loanId ?? '' },
    { enabled: props.loanId !== undefined },
  );
  if (props.loanId && existing.isError) {
    return <ErrorAlert>{errorMessage(existing.error, 'Loan not found')}</ErrorAlert>;
  }
  if (props.loanId && !existing.data) {
    return <Skeleton height="96" />;
  }
  return <ApplicationForm type={props.type} loan={existing.data} />;
}

function ApplicationForm(props: { type?: LoanType; loan?: RouterOutputs['loans']['byId'] }) {
  const { loan } = props;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.loans.create.useMutation();
  const update = trpc.loans.update.useMutation();
  const types = trpc.loans.types.useQuery();
  const form = useForm<ApplicationValues, unknown, z.output<typeof loanApplicationInput>>({
    resolver: zodResolver(loanApplicationInput),
    mode: 'onTouched',
    defaultValues: formDefaults(loan, props.type),
  });
  const { errors, isSubmitting } = form.formState;
  const [type, amount, term] = form.watch(['type', 'amount', 'term']);
  const knownType = loanTypes.find((candidate) => candidate === type);
  const offer = useLiveOffer(knownType, Number(amount), Number(term));
  const product = types.data?.loanTypes.find((candidate) => candidate.type === knownType);
  const ready = knownType !== undefined && Number(amount) > 0 && Number(term) > 0;

  const onSubmit = form.handleSubmit(async (values) => {
    const application: LoanApplicationInput = { ...values, tenure: { months: values.term } };
    try {
      const result = loan
        ? await update.mutateAsync({ ...application, id: loan.id })
        : await create.mutateAsync(application);
      await utils.loans.invalidate();
      await navigate({ to: '/loans', state: { message: result.message } });
    } catch (error) {
      // docs/product.md 2.20: a failed submission re-enables the form; the server's field messages
      // (an amount outside the product's range) show under their fields.
      for (const detail of apiErrorInfo(error).details) {
        if (detail.field === 'amount' || detail.field === 'term') {
          form.setError(detail.field, { type: 'server', message: detail.message });
        }
      }
    }
  });

  return (
    <Stack gap="6">
      <BackButton />
      <PageTitle title={loan ? 'Edit Loan Application' : 'Apply for Loan'}>
        Tell us what you need; your estimate updates as you type, before you apply.
      </PageTitle>
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(16rem, 1fr)' }}
        gap="6"
        alignItems="start"
      >
        {/* First in reading order (on a phone, right above the fields it follows); beside the
            form from lg. */}
        <Box gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }} position={{ lg: 'sticky' }} top="4">
          <OfferPanel product={product} offer={offer} ready={ready} />
        </Box>
        <Card.Root variant="outline" gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
          <Card.Body>
            <form onSubmit={onSubmit} noValidate>
              <Stack asChild gap="5" border="0" p="0" m="0" minW="0">
                <fieldset disabled={isSubmitting}>
                  <Heading as="h2" size="md">
                    The loan
                  </Heading>
                  <SelectField
                    label="Loan type"
                    placeholder="Choose a loan type"
                    options={loanTypes}
                    error={errors.type}
                    registration={form.register('type')}
                  />
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <FormField label="Amount" error={errors.amount} required>
                      <DollarInput
                        registration={form.register('amount', { valueAsNumber: true })}
                      />
                    </FormField>
                    <FormField label="Term (months)" error={errors.term} required>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min="1"
                        step="1"
                        {...form.register('term', { valueAsNumber: true })}
                      />
                    </FormField>
                  </SimpleGrid>
                  <FormField label="Purpose" error={errors.purpose} required>
                    <Textarea rows={3} {...form.register('purpose')} />
                  </FormField>

                  <ChoiceAndAmount
                    heading="You"
                    choice={{
                      label: 'Employment status',
                      options: employmentStatuses,
                      error: errors.employmentStatus,
                      registration: form.register('employmentStatus'),
                    }}
                    amount={{
                      label: 'Monthly income',
                      error: errors.monthlyIncome,
                      registration: form.register('monthlyIncome', { valueAsNumber: true }),
                    }}
                  />
                  <Controller
                    control={form.control}
                    name="existingLoans"
                    render={({ field }) => (
                      <Field.Root>
                        <ControlledCheckbox field={field} checked={field.value === true}>
                          <Checkbox.Label fontWeight="normal">
                            I have other loans at the moment
                          </Checkbox.Label>
                        </ControlledCheckbox>
                      </Field.Root>
                    )}
                  />

                  <ChoiceAndAmount
                    heading="Collateral"
                    choice={{
                      label: 'Collateral type',
                      options: collateralTypes,
                      error: errors.collateral?.type,
                      registration: form.register('collateral.type'),
                    }}
                    amount={{
                      label: 'Collateral value',
                      error: errors.collateral?.value,
                      registration: form.register('collateral.value', { valueAsNumber: true }),
                    }}
                  />
                  <FormField
                    label="Collateral description"
                    error={errors.collateral?.description}
                    required
                  >
                    <Textarea rows={2} {...form.register('collateral.description')} />
                  </FormField>
                  <SubmitButton pending={isSubmitting}>
                    {loan ? 'Save Application' : 'Submit Application'}
                  </SubmitButton>
                </fieldset>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}
