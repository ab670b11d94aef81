import { useNavigate } from '@tanstack/react-router';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { refreshMoney } from '../../lib/money-cache.ts';
import { firstPage } from '../../lib/page-data.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';

/** A linked bank, as the payment forms offer it. */
export type SavedBank = RouterOutputs['banks']['list']['data'][number];

/**
 * After money moved: show the new balance everywhere, then go to the history, which shows
 * `message` on arrival (docs/product.md 2.13 to 2.15).
 */
export function useMoneyMoved() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return async (newBalance: number, message: string) => {
    void refreshMoney(utils, newBalance);
    await navigate({ to: '/transactions', state: { message } });
  };
}

/** The customer's saved cards and linked banks, which the deposit and withdraw forms offer. */
export function useSavedPaymentSources() {
  const cards = trpc.cards.list.useQuery(firstPage);
  const banks = trpc.banks.list.useQuery();
  return { savedCards: cards.data?.cards ?? [], savedBanks: banks.data?.data ?? [] };
}

/**
 * What the deposit and withdraw pages start from: the form checked by the money schema, the saved
 * cards and banks it offers, and what to do once the money moved.
 */
export function useMoneyForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useZodForm(schema, defaultValues);
  const { errors, isSubmitting } = form.formState;
  return { form, errors, isSubmitting, ...useSavedPaymentSources(), moneyMoved: useMoneyMoved() };
}
