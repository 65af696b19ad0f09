/**
 * A sleep that a notice can cut short: loops that follow the log (the projection runner, the Kafka relay) wait for
 * their poll interval or a backoff, and `wake()` ends every wait in progress at once (a new event, a stop).
 */
export type Sleeper = { sleep(ms: number): Promise<void>; wake(): void };

export function createSleeper(): Sleeper {
  let wakers: (() => void)[] = [];
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        wakers.push(done);
      }),
    wake: () => {
      const w = wakers;
      wakers = [];
      w.forEach((f) => f());
    },
  };
}
