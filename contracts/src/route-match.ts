import { routes, type RouteDef } from './routes/index';

const compiled = Object.values(routes as Record<string, RouteDef>).map((r) => ({
  route: r,
  regex: new RegExp(`^${r.path.replace(/:[a-zA-Z_]+/g, '[^/]+')}$`),
}));

/** The contract route a request hits, or undefined: the gateway routes command and query sides by it. */
export function matchRoute(method: string, pathname: string): RouteDef | undefined {
  return compiled.find((c) => c.route.method === method && c.regex.test(pathname))?.route;
}
