export { ACCOUNT_MESSAGES } from '@evergrade/contracts';
