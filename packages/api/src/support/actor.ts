import type { UserRole } from '../auth/dto.ts';

/** Who acts on a ticket: its customer, or staff (whose role lets them see any ticket). */
export interface Actor {
  id: string;
  role: UserRole;
}
