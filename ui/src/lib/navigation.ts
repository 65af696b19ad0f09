/** Lets non-React code (the API client) navigate through the router once the app has registered it. */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}

export function isOnLoginPage(): boolean {
  return window.location.pathname.startsWith('/login');
}
