export { LandingPage as LandingRoute } from './components/landing-page';
export { Website2Page as Website2Route } from './components/website2-page';
