import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';

const loadCreateUserDialog = () => import('./create-user-dialog.tsx');
const CreateUserDialog = lazy(() =>
  loadCreateUserDialog().then((module) => ({ default: module.CreateUserDialog })),
);

/**
 * User Management's 'Add User': the dialog's code loads when the pointer or the focus comes to
 * the button, and the dialog opens on the click.
 */
export function AddUserButton() {
  const [creating, setCreating] = useState(false);
  // Mounted from the first click on: closing then animates, and reopening needs no new load.
  const [createMounted, setCreateMounted] = useState(false);
  return (
    <>
      <Button
        aria-haspopup="dialog"
        aria-expanded={creating}
        onPointerEnter={() => void loadCreateUserDialog()}
        onFocus={() => void loadCreateUserDialog()}
        onClick={() => {
          setCreateMounted(true);
          setCreating(true);
        }}
      >
        <LuUserPlus aria-hidden="true" /> Add User
      </Button>
      {createMounted ? (
        <Suspense fallback={null}>
          <CreateUserDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </>
  );
}
