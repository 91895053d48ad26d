let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
/** The native module loads with the first password hashed or checked, not with the server. */
const load = () => (argon2 ??= import('@node-rs/argon2'));

/** argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended minimum. */
const OPTIONS = { algorithm: 2 /* Argon2id */ } as const;

export async function hashPassword(password: string): Promise<string> {
  return (await load()).hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await load()).verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when no account exists, so response
 * times do not reveal which addresses are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches');
  await (await load()).verify(await dummyHash, password).catch(() => false);
  return false;
}
