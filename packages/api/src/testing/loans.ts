/** A personal loan application: $10,000 over 12 months, secured by a vehicle. */
export const personalLoan = {
  type: 'personal' as const,
  amount: 10_000,
  term: 12,
  purpose: 'Kitchen renovation',
  employmentStatus: 'employed' as const,
  monthlyIncome: 5_000,
  existingLoans: false,
  collateral: { type: 'vehicle' as const, value: 15_000, description: '2021 hatchback' },
};
