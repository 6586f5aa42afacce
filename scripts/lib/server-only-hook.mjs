// The front server loads the app's server modules outside Next.js: there, `server-only` (which guards them against
// a client bundle) has nothing to guard and resolves to an empty module.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,', shortCircuit: true };
  return nextResolve(specifier, context);
}
