export { saveSignUpStep as POST } from '@/features/signup/server/save-step';
