import { create } from 'zustand';

/**
 * What the student is told about the connection (spec section 4): offline by the browser's own signal, or lost
 * when a save or a heartbeat failed. UI state only; the answers themselves live in the save queue.
 */
type ConnectionState = {
  online: boolean;
  lost: boolean;
  setOnline: (online: boolean) => void;
  setLost: (lost: boolean) => void;
};

export const useConnection = create<ConnectionState>()((set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  lost: false,
  setOnline: (online) => set(online ? { online, lost: false } : { online }),
  setLost: (lost) => set({ lost }),
}));
