import { type BankIdentity, useBank } from '../../lib/bank.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const sectionsFor = (bank: BankIdentity): LegalSection[] => [
  {
    heading: '1. About these terms',
    paragraphs: [
      `These terms govern your use of ${bank.name} online and mobile banking. By creating an account you agree to them. Please read them together with our Privacy Policy.`,
    ],
  },
  {
    heading: '2. Your account',
    paragraphs: [
      'You must be at least 18 years old and give us true, complete information. Keep your password and two-factor codes secret; you are responsible for activity under your account until you tell us it has been compromised.',
      'We may suspend or block an account to protect you or the bank, for example after suspected fraud. We will tell you why unless the law forbids it.',
    ],
  },
  {
    heading: '3. Payments and limits',
    paragraphs: [
      'Transfers, deposits and withdrawals are subject to daily limits shown in the app. A payment instruction, once confirmed, may not be reversible. Check the recipient account number before you send money.',
      'We may decline or delay a payment that breaks these terms, exceeds your balance or limits, or that we reasonably suspect to be unlawful.',
    ],
  },
  {
    heading: '4. Loans',
    paragraphs: [
      'Loan applications are assessed individually. An approved loan comes with its own agreement, interest rate and payment schedule, which take precedence over these terms for that loan.',
    ],
  },
  {
    heading: '5. Service availability',
    paragraphs: [
      'We aim to keep online banking available at all times, but maintenance or events outside our control may interrupt it. During maintenance, access may be limited.',
    ],
  },
  {
    heading: '6. Changes and contact',
    paragraphs: [
      `We may change these terms with at least 30 days' notice by e-mail. Questions: ${bank.supportEmail} or ${bank.supportPhone}.`,
    ],
  },
];

export function TermsPage() {
  const bank = useBank();
  return (
    <LegalPage
      title="Terms and Conditions"
      updated="January 1, 2026"
      sections={sectionsFor(bank)}
    />
  );
}
