export { TextbooksRoute } from './components/textbooks-page';
