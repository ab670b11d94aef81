import { hash, verify } from '@node-rs/argon2';

/** argon2id with at least OWASP's minimum: m=19456 KiB, t=2, p=1. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
}
