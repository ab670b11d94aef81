import { users } from '@bank/db/schema';
import type { notificationPreferencesInput, profileInput } from '@bank/validators/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import { userView } from './account-summary.ts';
import type { AuthCall } from './call.ts';
import type { UserDto } from './dto.ts';
import type { SessionWithUser } from './sessions.ts';

// The signed-in user's own details and notification preferences.

export async function updateProfile(
  call: AuthCall,
  auth: SessionWithUser,
  input: z.infer<typeof profileInput>,
): Promise<UserDto> {
  const { deps, request } = call;
  const address = input.address ?? {};
  const [updated] = await deps.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      ...(input.address
        ? {
            street: address.street || null,
            city: address.city || null,
            state: address.state || null,
            zipCode: address.zipCode || null,
            country: address.country || null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, auth.user.id))
    .returning();
  if (!updated) throw new Error('User update returned nothing');
  await recordAudit(deps.db, { event: 'user.profile_updated', userId: auth.user.id, request });
  return userView(deps, updated, auth.session);
}

export async function updateNotificationPreferences(
  call: AuthCall,
  auth: SessionWithUser,
  input: z.infer<typeof notificationPreferencesInput>,
): Promise<UserDto> {
  const [updated] = await call.deps.db
    .update(users)
    .set({
      notifyTransactions: input.transactionNotifications,
      notifySecurity: input.securityAlerts,
      notifyMarketing: input.marketingCommunications,
      ...(input.supportReplies === undefined ? {} : { notifySupport: input.supportReplies }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, auth.user.id))
    .returning();
  if (!updated) throw new Error('User update returned nothing');
  return userView(call.deps, updated, auth.session);
}
