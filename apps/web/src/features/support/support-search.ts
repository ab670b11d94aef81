import type {
  ticketAssignments,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from '@bank/validators/enums';

/** The staff support screen's place, kept in the URL: the list's page and filters, or a ticket. */
export interface SupportSearch {
  page?: number;
  status?: (typeof ticketStatuses)[number];
  priority?: (typeof ticketPriorities)[number];
  category?: (typeof ticketCategories)[number];
  /** 'mine': assigned to the signed-in staff member; 'unassigned': taken by nobody yet. */
  assigned?: (typeof ticketAssignments)[number];
  /** The ticket whose detail view and chat are open. */
  ticket?: string;
}
