export { FeedbackForm } from './components/feedback-form';
