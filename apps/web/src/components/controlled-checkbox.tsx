import { Checkbox } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { RefCallBack } from 'react-hook-form';

/** What a react-hook-form Controller hands the checkbox. */
type CheckboxControllerField = {
  name: string;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  ref: RefCallBack;
};

/**
 * A checkbox driven by a Controller, so the form gets true or false (a registered hidden
 * checkbox would send its value, "on"). `topAligned` keeps the box by the first line of a label
 * that wraps or has a hint under it. The children are the label.
 */
export function ControlledCheckbox(props: {
  field: CheckboxControllerField;
  checked: boolean | undefined;
  topAligned?: boolean;
  children: ReactNode;
}) {
  const { field } = props;
  return (
    <Checkbox.Root
      checked={props.checked}
      onCheckedChange={(details) => field.onChange(details.checked === true)}
      name={field.name}
      alignItems={props.topAligned ? 'flex-start' : undefined}
    >
      <Checkbox.HiddenInput onBlur={field.onBlur} ref={field.ref} />
      <Checkbox.Control mt={props.topAligned ? '0.5' : undefined} />
      {props.children}
    </Checkbox.Root>
  );
}
