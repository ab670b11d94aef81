import { Field, type FieldRootProps, Input } from '@chakra-ui/react';

/** The box that narrows a security list to one user, by e-mail or name, as typed. */
export function UserFilterField(props: {
  value: string;
  onChange: (value: string) => void;
  /** Enter applies what is typed at once, without waiting for the pause. */
  onEnter?: () => void;
  maxW?: FieldRootProps['maxW'];
}) {
  const { onEnter } = props;
  return (
    <Field.Root maxW={props.maxW}>
      <Field.Label>User</Field.Label>
      <Input
        type="search"
        placeholder="E-mail or name"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={
          onEnter
            ? (event) => {
                if (event.key === 'Enter') onEnter();
              }
            : undefined
        }
      />
    </Field.Root>
  );
}
