// Public entry of the signup feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { MyPageForm } from './components/my-page-form';
export { SignUpAccountStep } from './components/sign-up-account-step';
export { SignUpProgress } from './components/signup-progress';
