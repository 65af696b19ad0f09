import { streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { Naming } from './school';

/**
 * Whether the school admin lets analysts see names: the last `AnalystNamesSettingChanged` on the school's stream
 * (off when never set). Read from the log as the run starts, so a run names people by one rule throughout.
 */
export async function analystNaming(store: Pick<EventStore, 'readStream'>, tenant: string): Promise<Naming> {
  let namesAllowed = false;
  for (const e of await store.readStream(streamIds.tenant(tenant))) {
    if (e.type === 'AnalystNamesSettingChanged') namesAllowed = (e.data as { allowNames?: unknown }).allowNames === true;
  }
  return { namesAllowed };
}
