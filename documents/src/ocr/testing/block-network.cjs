// Preloaded (node --require) into a process and its worker threads: any network use fails loudly.
// Local IPC pipes (a Unix socket path, as tsx uses) are not network and pass.
const net = require('node:net');
const dns = require('node:dns');
const { isMainThread } = require('node:worker_threads');
const refuse = (what) => {
  process.stderr.write(`BLOCKED ${what}\n`);
  throw new Error(`network blocked: ${what}`);
};
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const target = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (target && typeof target === 'object' && typeof target.path === 'string') return connect.apply(this, args);
  if (typeof target === 'string' && target.startsWith('/')) return connect.apply(this, args);
  return refuse(`socket connect ${JSON.stringify(target)}`);
};
dns.lookup = (host) => refuse(`dns lookup ${host}`);
dns.promises.lookup = async (host) => refuse(`dns lookup ${host}`);
globalThis.fetch = async (url) => refuse(`fetch ${url}`);
process.stderr.write(`network blocker loaded (${isMainThread ? 'main' : 'worker'})\n`);
