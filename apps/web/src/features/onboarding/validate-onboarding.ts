// Rules of the onboarding form (spec part 1, §5): an organization name and a valid admin e-mail.

export interface OnboardingForm {
  organizationName: string;
  email: string;
}

export type OnboardingField = keyof OnboardingForm;
export type OnboardingErrors = Partial<Record<OnboardingField, string>>;

/** Fields in the order they appear, which is also the order focus goes to the first error. */
export const ONBOARDING_FIELDS: readonly OnboardingField[] = ["organizationName", "email"];

// One "@", no spaces, a dot in the domain part: what browsers and most validators accept.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function validateOnboarding(form: OnboardingForm): OnboardingErrors {
  const errors: OnboardingErrors = {};
  if (form.organizationName.trim().length < 1) errors.organizationName = "Organization name is required";
  if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = "Valid email is required";
  return errors;
}

export function firstInvalidField(errors: OnboardingErrors): OnboardingField | undefined {
  return ONBOARDING_FIELDS.find((field) => errors[field] !== undefined);
}
