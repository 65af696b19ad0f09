export { AuraPage } from './components/aura-page';
