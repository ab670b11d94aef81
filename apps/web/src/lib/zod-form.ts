import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a shared zod schema (the server's own, with SPEC.md's messages): errors
 * show under a field once it has been touched (docs/product.md 2.4). `criteriaMode: 'all'`
 * keeps every broken rule, for password fields.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  options: { criteriaMode?: 'all' } = {},
) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
    ...options,
  });
}
