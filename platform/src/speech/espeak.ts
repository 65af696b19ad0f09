import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SpeechBusyError, SpeechError, type SpeechSynthesizer } from './types';

/**
 * eSpeak-NG compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later, voices built in), run in a worker thread
 * of its own: synthesis is CPU work and never holds up the event loop. One text at a time, a short queue behind
 * it (fuller: SpeechBusyError), and each text bounded in time: past `timeoutMs` the worker is ended (a new one
 * starts with the next text). The WebAssembly is compiled once per worker; each text gets a fresh instance, so
 * nothing of one text stays for the next.
 */
export type EspeakOptions = {
  /** eSpeak-NG voice; default en-us (the spec's dictation language). */
  voice?: string;
  /** Words per minute; default 165. */
  wordsPerMinute?: number;
  /** Longest one text may take, default 20 s. */
  timeoutMs?: number;
  /** Texts that may wait behind the one being spoken, default 4. */
  maxQueue?: number;
};

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const ready = (async () => {
  const { default: ESpeakNG } = await import(workerData.moduleUrl);
  const compiled = await WebAssembly.compile(readFileSync(workerData.wasmPath));
  return { ESpeakNG, compiled };
})();
parentPort.on('message', async ({ id, text, voice, wpm }) => {
  try {
    const { ESpeakNG, compiled } = await ready;
    const errors = [];
    const mod = {
      arguments: ['-b', '1', '-v', voice, '-s', String(wpm), '-w', '/out.wav', '-f', '/in.txt'],
      preRun: [() => mod.FS.writeFile('/in.txt', text)],
      print: () => {},
      printErr: (line) => errors.push(line),
      instantiateWasm: (imports, done) => {
        WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
        return {};
      },
    };
    const instance = await ESpeakNG(mod);
    const wav = instance.FS.readFile('/out.wav');
    parentPort.postMessage({ id, wav }, [wav.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

type Job = { id: number; text: string; resolve: (wav: Buffer) => void; reject: (err: Error) => void };

export function createEspeakSynthesizer(options: EspeakOptions = {}): SpeechSynthesizer {
  const voice = options.voice ?? 'en-us';
  const wpm = options.wordsPerMinute ?? 165;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxQueue = options.maxQueue ?? 4;
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('espeak-ng');
  const workerData = { moduleUrl: pathToFileURL(modulePath).href, wasmPath: path.join(path.dirname(modulePath), 'espeak-ng.wasm') };

  let worker: Worker | null = null;
  let current: Job | null = null;
  /** The worker the current job was posted to: only its failure fails that job. */
  let currentWorker: Worker | null = null;
  let timer: NodeJS.Timeout | null = null;
  let nextId = 0;
  let closed = false;
  const queue: Job[] = [];

  const settle = (job: Job, outcome: { wav?: Buffer; error?: Error }) => {
    if (current !== job) return;
    current = null;
    if (timer) clearTimeout(timer);
    timer = null;
    if (outcome.wav) job.resolve(outcome.wav);
    else job.reject(outcome.error ?? new SpeechError('speech synthesis failed'));
    pump();
  };

  const dropWorker = (w: Worker) => {
    if (worker === w) worker = null;
    void w.terminate();
  };

  const spawn = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData });
    w.unref();
    w.on('message', (m: { id: number; wav?: Uint8Array; error?: string }) => {
      if (!current || current.id !== m.id) return;
      if (m.wav) settle(current, { wav: Buffer.from(m.wav.buffer, m.wav.byteOffset, m.wav.byteLength) });
      else settle(current, { error: new SpeechError(`speech synthesis failed: ${m.error ?? 'unknown error'}`) });
    });
    w.on('error', (err) => {
      dropWorker(w);
      if (current && currentWorker === w) settle(current, { error: new SpeechError(`speech synthesis failed: ${err.message}`) });
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      if (current && currentWorker === w) settle(current, { error: new SpeechError('the speech synthesizer stopped') });
    });
    return w;
  };

  const pump = () => {
    if (current || closed) return;
    const job = queue.shift();
    if (!job) return;
    current = job;
    worker ??= spawn();
    const w = worker;
    currentWorker = w;
    timer = setTimeout(() => {
      dropWorker(w);
      settle(job, { error: new SpeechError(`speech synthesis took longer than ${timeoutMs} ms`) });
    }, timeoutMs);
    w.postMessage({ id: job.id, text: job.text, voice, wpm });
  };

  return {
    name: 'espeak-ng',
    synthesize(text) {
      if (closed) return Promise.reject(new SpeechError('the speech synthesizer is closed'));
      if (queue.length >= maxQueue) return Promise.reject(new SpeechBusyError());
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: ++nextId, text, resolve, reject });
        pump();
      }).then((wav) => ({ wav, provider: 'espeak-ng' }));
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new SpeechError('the speech synthesizer is closed'));
      if (current) settle(current, { error: new SpeechError('the speech synthesizer is closed') });
      if (worker) await worker.terminate();
      worker = null;
    },
  };
}
