export { startStandalone, type Standalone, type StandaloneOptions } from './server';
export { seedDemoSchool, DEMO_LOGINS, DEMO_PASSWORD } from '@evergrade/command-service';
