/** The bank's public identity, as shown in layouts, help and error pages. */
export const bank = {
  name: 'Horizon Bank',
  tagline: 'Secure banking solutions for a brighter financial future.',
  supportEmail: 'support@horizonbank.example',
  supportPhone: '1-800-555-0199',
} as const;
